import { z } from 'zod';
import { isValidLatitude, isValidLongitude } from '#core/domain/company-settings';
import { unitSystemSchema, weightUnitSchema } from '#core/domain/units';
import { LATITUDE_MESSAGE, LONGITUDE_MESSAGE } from './company.ts';
import { idSchema, idTextSchema, text, versionSchema } from './limits.ts';
import {
  cargoTypeSchema,
  carrierLinkSchema,
  carrierOwnershipSchema,
  featureSchema,
  roleListItemSchema,
} from './reference-lists.ts';
import { notAReference } from './references.ts';
import { languageSchema, tierSchema, timezoneSchema } from './user.ts';

/**
 * Company administration (spec 2 §2, §3, §5, §7), all-companies access: companies, their feature
 * toggles, cargo types and carrier links, and the permissions of each role. `orgId` here is any
 * company of the platform, not only the active one.
 */

const ANY_COMPANY = 'a company of the platform, chosen by a platform administrator; an unknown one is not found (404)';
export const companyParamsSchema = z.object({ orgId: notAReference(idTextSchema, ANY_COMPANY) });
export const companyFeatureParamsSchema = companyParamsSchema.extend({
  featureId: notAReference(idTextSchema, 'a feature of the catalogue; an unknown one is not found (404)'),
});

/**
 * What the company form edits; tier and carrier flag only with CreateCompany (platform administrators).
 * Latitude and longitude are required (spec 2 §8): the company settings page refuses a company without them.
 */
export const companyProfileInputSchema = z.object({
  name: text(200, { trim: true }).min(1, 'required'),
  language: languageSchema,
  timezone: timezoneSchema,
  units: unitSystemSchema,
  unitsWeight: weightUnitSchema,
  latitude: z.number().refine(isValidLatitude, LATITUDE_MESSAGE),
  longitude: z.number().refine(isValidLongitude, LONGITUDE_MESSAGE),
  tier: tierSchema,
  isCarrier: z.boolean(),
});
export type CompanyProfileInput = z.input<typeof companyProfileInputSchema>;

export const companyProfileUpdateSchema = companyProfileInputSchema.extend({
  /** The version the edit is based on; a stale one answers 409 with the stored company in `error.current`. */
  version: versionSchema,
});
export type CompanyProfileUpdate = z.input<typeof companyProfileUpdateSchema>;

export const companyProfileSchema = companyProfileInputSchema.extend({
  /** Empty for a company created before the form asked for its position. */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  id: z.number().int(),
  version: z.number().int(),
});
export type CompanyProfile = z.infer<typeof companyProfileSchema>;

export const featureToggleBodySchema = z.object({
  featureId: notAReference(idSchema, 'a feature of the catalogue; an unknown one is refused (400)'),
});
export const companyFeaturesSchema = z.array(featureSchema);

/** `PUT …/cargo-config`: the cargo types the company is offered (spec 2 §7: a list of ids). */
export const cargoConfigBodySchema = z
  .array(notAReference(idSchema, 'a cargo type of the catalogue; an unknown one is refused (400)'))
  .max(500);

const linkedCompanyCargoSchema = z.object({
  organizationId: z.number().int(),
  name: z.string(),
  cargoTypeIds: z.array(z.number().int()),
});

/** Everything the cargo-types dialog needs: the catalogue, the selection and the linked companies' types. */
export const cargoConfigSchema = z.object({
  cargoTypes: z.array(cargoTypeSchema),
  selectedIds: z.array(z.number().int()),
  clients: z.array(linkedCompanyCargoSchema),
  carriers: z.array(linkedCompanyCargoSchema),
});
export type CargoConfig = z.infer<typeof cargoConfigSchema>;

/** A carrier selection or a coverage problem is refused with this rule (422) and one issue per linked company. */
export const CARGO_COVERAGE_RULE = 'cargoCoverage';
/** A saved carrier link left out of `PUT …/carriers`: links cannot be un-enabled (422). */
export const CARRIER_LINK_LOCKED_RULE = 'carrierLinkLocked';
/** `viewAllCompanies` and `createCompany` are held only by the platform administrator account (422). */
export const PERMISSION_LOCKED_RULE = 'permissionLocked';

export const carrierLinkInputSchema = z.object({
  carrierOrganizationId: notAReference(
    idSchema,
    'a carrier company of the platform chosen by a platform administrator; checked by the service (400)',
  ),
  isActive: z.boolean(),
  loadDriver: carrierOwnershipSchema,
  loadTractor: carrierOwnershipSchema,
  loadTrailer: carrierOwnershipSchema,
  /** The base version of a saved link; absent for a link added now. */
  version: versionSchema.optional(),
});
export type CarrierLinkInput = z.input<typeof carrierLinkInputSchema>;

/** `PUT …/carriers`: every link of the company (spec 2 §7: a list of carrier links). */
export const carrierLinksBodySchema = z.array(carrierLinkInputSchema).max(500);
export const companyCarrierLinkSchema = carrierLinkSchema.extend({ version: z.number().int() });
export type CompanyCarrierLink = z.infer<typeof companyCarrierLinkSchema>;

export const rolePermissionBodySchema = z.object({
  roleId: notAReference(idSchema, 'a role of the catalogue; an unknown one is refused (400)'),
  permissionId: notAReference(idSchema, 'a permission of the catalogue; an unknown one is refused (400)'),
});
export type RolePermissionBody = z.infer<typeof rolePermissionBodySchema>;
export const rolePermissionAnswerSchema = roleListItemSchema;
