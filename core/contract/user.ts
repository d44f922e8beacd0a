import { z } from 'zod';
import { FEATURES, PERMISSIONS } from '#core/domain/access';
import { LANGUAGES, TIMEZONES } from '#core/domain/locale';
import { unitSystemSchema, weightUnitSchema } from '#core/domain/units';
import { idSchema, int, text } from './limits.ts';
import { notAReference } from './references.ts';

export const languageSchema = z.enum(LANGUAGES);
export const timezoneSchema = z.enum(TIMEZONES);
export const tierSchema = z.enum(['Freemium', 'Standard']);
export const featureNameSchema = z.enum(FEATURES);
export const permissionNameSchema = z.enum(PERMISSIONS);

export const DRAFTS_SORT_ORDERS = [
  'firstStopTime:asc',
  'firstStopTime:desc',
  'date:asc',
  'date:desc',
  'orderNumber:asc',
  'createdAt:desc',
] as const;

const presetValue = z.union([text(500), z.number()]);

const presetFieldSchema = z.object({
  field: text(64).min(1),
  value: z.union([presetValue, z.array(presetValue).max(500)]),
});

export const filterPresetSchema = z.object({
  name: text(100, { trim: true }).min(1),
  default: z.boolean(),
  fields: z.array(presetFieldSchema).max(50),
  table: z.enum(['loads', 'drafts']).optional(),
});

export const tablePreferenceSchema = z.object({
  pageSize: int(1, 1000),
});

/** The preferences object stored per user (spec 1 §3). Every field is optional: absent means default. */
export const preferencesSchema = z
  .object({
    includedDates: z.array(int()).max(20),
    removedDrivers: z.array(idSchema).max(5000),
    removedTrailers: z.array(idSchema).max(5000),
    draftsLoadsDefaultSort: z.enum(DRAFTS_SORT_ORDERS),
    showLoadDate: z.boolean(),
    showEstimatedTotalTripTime: z.boolean(),
    showTractor: z.boolean(),
    showTrailer: z.boolean(),
    tables: z
      .record(z.string().regex(/^[a-zA-Z][\w-]{0,40}$/), tablePreferenceSchema)
      .refine((tables) => Object.keys(tables).length <= 50, 'at most 50 tables'),
    presets2: z.array(filterPresetSchema).max(100),
    doNotShowBulkOrderCompletionModal: z.boolean(),
  })
  .partial()
  .superRefine((preferences, ctx) => {
    // Preset names are unique per table, compared case-insensitively (spec 1 §2).
    const seen = new Set<string>();
    preferences.presets2?.forEach((preset, index) => {
      const key = `${preset.table ?? ''}:${preset.name.toLocaleLowerCase()}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', message: 'presetNameTaken', path: ['presets2', index, 'name'] });
      seen.add(key);
    });
  });
export type Preferences = z.infer<typeof preferencesSchema>;

export const contactSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  language: languageSchema,
  timezone: timezoneSchema,
  units: unitSystemSchema,
  unitsWeight: weightUnitSchema,
  email: z.string().nullable(),
  phone: z.string().nullable(),
  enabled: z.boolean(),
});
export type Contact = z.infer<typeof contactSchema>;

export const contactSettingsUpdateSchema = z.object({
  language: languageSchema,
  timezone: timezoneSchema,
  units: unitSystemSchema,
  unitsWeight: weightUnitSchema,
});
export type ContactSettingsUpdate = z.infer<typeof contactSettingsUpdateSchema>;

export const organizationSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  tier: tierSchema,
  isCarrier: z.boolean(),
  features: z.array(featureNameSchema),
  timezone: timezoneSchema,
  language: languageSchema,
  units: unitSystemSchema,
  unitsWeight: weightUnitSchema,
  /**
   * The organizations this carrier transports for (active links), with the equipment each takes from
   * it: `carrierEquipmentEditing` (core/domain/master-data) tells from them what the carrier may edit.
   */
  clients: z.array(
    z.object({
      organizationId: z.number().int(),
      name: z.string(),
      loadTractor: z.enum(['Owning', 'Carrier', 'Both']),
      loadTrailer: z.enum(['Owning', 'Carrier', 'Both']),
    }),
  ),
});
export type OrganizationSummary = z.infer<typeof organizationSummarySchema>;

export const roleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  permissions: z.array(z.object({ id: z.number().int(), name: permissionNameSchema })),
});

/** The signed-in user (spec 1 §3). `organization` is the active company, which platform administrators may switch. */
export const selfSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  organizationId: z.number().int(),
  activeOrganizationId: z.number().int(),
  roles: z.array(roleSchema),
  permissions: z.array(permissionNameSchema),
  contact: contactSchema,
  organization: organizationSummarySchema,
  preferences: preferencesSchema,
});
export type Self = z.infer<typeof selfSchema>;

export const sessionAnswerSchema = z.object({ user: selfSchema.nullable() });

export const loginBodySchema = z.object({
  username: text(100, { trim: true }).min(1),
  password: text(200).min(1),
});

/** Platform administrators switch to any organization; an unknown id answers 404. */
export const switchOrganizationBodySchema = z.object({
  organizationId: notAReference(
    idSchema,
    'the organization to work in (platform administrators); an unknown one is not found (404)',
  ),
});

export const loadsSummarySchema = z.object({
  numberOfLoadsCompleted: z.number().int(),
  numberOfLoadsInTransit: z.number().int(),
  numberOfLoadsUpcoming: z.number().int(),
});
