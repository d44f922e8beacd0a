import { z } from 'zod';
import { featureNameSchema, permissionNameSchema, tierSchema } from './user.ts';

/** Reference lists (spec 1 §3 and §7, spec 2 §3). Each is scoped to the active organization. */

export const cargoTypeSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  category: z.string(),
  measuredBy: z.enum(['weight', 'quantity']),
});

export const locationTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.string(),
  shipsCargoTypeIds: z.array(z.number().int()),
  receivesCargoTypeIds: z.array(z.number().int()),
});

export const latLngSchema = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});

export const geofenceSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  radius: z.number().nullable(),
  bbox: z.object({ topLeft: latLngSchema, bottomRight: latLngSchema }).nullable(),
});

export const subLocationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  customGeofence: geofenceSchema.nullable(),
});

export const locationSchema = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  organizationLocationTypeId: z.number().int(),
  customerId: z.number().int().nullable(),
  address1: z.string(),
  address2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  country: z.string(),
  groupColor: z.string().nullable(),
  hasScale: z.boolean(),
  enabled: z.boolean(),
  premiseId: z.string().nullable(),
  siteInstructions: z.string().nullable(),
  loadingTeamId: z.number().int().nullable(),
  /** The site managers' user ids. */
  userIds: z.array(z.number().int()),
  customGeofence: geofenceSchema,
  orgSubLocations: z.array(subLocationSchema),
  version: z.number().int(),
});

export const customerSchema = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  customerName: z.string(),
  version: z.number().int(),
});

export const driverSchema = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  name: z.string(),
  phone: z.string().nullable(),
  enabled: z.boolean(),
  driverInfo: z.object({
    defaultTractorId: z.number().int().nullable(),
    defaultTrailerId: z.number().int().nullable(),
    contract: z.boolean(),
  }),
  version: z.number().int(),
});

export const tractorSchema = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  userDisplayName: z.string(),
  vinNumber: z.string().nullable(),
  licensePlate: z.string().nullable(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  contract: z.boolean(),
  enabled: z.boolean(),
  weight: z.number().nullable(),
  version: z.number().int(),
});

export const trailerSchema = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  userDisplayName: z.string(),
  vinNumber: z.string().nullable(),
  licensePlate: z.string().nullable(),
  maxCargoWeight: z.number().nullable(),
  contract: z.boolean(),
  enabled: z.boolean(),
  weight: z.number().nullable(),
  trailerCargoTypes: z.array(z.object({ cargoTypeId: z.number().int(), compartmentCount: z.number().int() })),
  deviceId: z.number().int().nullable(),
  version: z.number().int(),
});

export const carrierOwnershipSchema = z.enum(['Owning', 'Carrier', 'Both']);
export type CarrierOwnership = z.infer<typeof carrierOwnershipSchema>;

export const carrierLinkSchema = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  carrierOrganizationId: z.number().int(),
  name: z.string(),
  isActive: z.boolean(),
  loadDriver: carrierOwnershipSchema,
  loadTractor: carrierOwnershipSchema,
  loadTrailer: carrierOwnershipSchema,
});
export type CarrierLink = z.infer<typeof carrierLinkSchema>;

export const organizationListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  tier: tierSchema,
  isCarrier: z.boolean(),
});

export const featureSchema = z.object({
  id: z.number().int(),
  name: featureNameSchema,
  description: z.string(),
  enabled: z.boolean(),
});

export const permissionSchema = z.object({
  id: z.number().int(),
  name: permissionNameSchema,
  description: z.string(),
});

export const roleListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  permissions: z.array(z.object({ id: z.number().int(), name: permissionNameSchema })),
});

export const userListItemSchema = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  username: z.string(),
  name: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  enabled: z.boolean(),
  roleIds: z.array(z.number().int()),
  contactId: z.number().int(),
});

export const contactListItemSchema = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  language: z.string(),
  timezone: z.string(),
  units: z.string(),
  unitsWeight: z.string(),
  enabled: z.boolean(),
  interactiveUser: z.boolean(),
});
