import { z } from 'zod';
import { ROLE_IDS } from '#core/domain/access';
import {
  checkNotificationMethods,
  isPlausibleEmail,
  NOTIFICATION_METHOD_TYPES,
  type RuleIssue,
  USERNAME_MAX_LENGTH,
  userRuleIssues,
  usernameProblem,
} from '#core/domain/master-data/index';
import { brokenPasswordRules } from '#core/domain/passwords';
import { unitSystemSchema, weightUnitSchema } from '#core/domain/units';
import { organizationParamsSchema } from './common.ts';
import { int, text, versionSchema } from './limits.ts';
import { notAReference, referenceId, subjectIdTextSchema } from './references.ts';
import { languageSchema, timezoneSchema } from './user.ts';

/**
 * Bodies and answers of the people writes (spec 2 §3–5, §7): users, contacts, loading teams and a
 * contact's notification preferences, under `/api/organizations/{orgId}/…`. The rules are
 * core/domain/master-data/people.ts; the schemas run them so a broken one is a 400 naming its field.
 * Answers are the rows the change feed carries to the mirror (entities `user`, `contact`,
 * `loadingTeam`), never a password hash or a token.
 */

const NAME_MAX = 200;
const requiredName = text(NAME_MAX, { trim: true }).min(1, 'required');
const optionalName = text(NAME_MAX, { trim: true }).nullable().optional();

/** Adds each rule issue to the zod context, under its dotted path. */
function addIssues(ctx: z.RefinementCtx, issues: readonly RuleIssue[]) {
  for (const issue of issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path.split('.') });
}

// ── Contacts ─────────────────────────────────────────────────────────────────────────────────────

export const notificationMethodSchema = z.object({
  notificationType: z.enum(NOTIFICATION_METHOD_TYPES),
  destination: z.string(),
});
export type NotificationMethod = z.infer<typeof notificationMethodSchema>;

/**
 * A contact (spec 2 §3). `contactNotificationMethods` are at most one Email (an address) and one Text
 * (a phone number, read in the language's country, else the US, and stored in E.164); the stored
 * contact keeps them as its email and phone. Absent settings take the organization's.
 */
export const contactInputSchema = z
  .object({
    name: requiredName,
    language: languageSchema.optional(),
    timezone: timezoneSchema.optional(),
    units: unitSystemSchema.optional(),
    unitsWeight: weightUnitSchema.optional(),
    enabled: z.boolean().default(true),
    contactNotificationMethods: z
      .array(notificationMethodSchema.extend({ destination: text(320, { trim: true }) }))
      .max(NOTIFICATION_METHOD_TYPES.length)
      .default([]),
  })
  .transform((contact, ctx) => {
    const { methods, issues } = checkNotificationMethods(contact.contactNotificationMethods, contact.language ?? 'en-US');
    addIssues(ctx, issues);
    return { ...contact, contactNotificationMethods: methods };
  });
export type ContactInput = z.input<typeof contactInputSchema>;
export const contactUpdateSchema = z.intersection(contactInputSchema, z.object({ version: versionSchema }));
export type ContactUpdate = z.input<typeof contactUpdateSchema>;

export const contactRecordSchema = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  name: z.string(),
  language: z.string(),
  timezone: z.string(),
  units: z.string(),
  unitsWeight: z.string(),
  enabled: z.boolean(),
  /** The contact of a user (who signs in), not only a recipient. */
  interactiveUser: z.boolean(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  contactNotificationMethods: z.array(notificationMethodSchema),
  /** Contacts without a preference are shown red: nothing reaches them. */
  preferenceCount: z.number().int(),
  version: z.number().int(),
});
export type ContactRecord = z.infer<typeof contactRecordSchema>;

// ── Notification preferences ─────────────────────────────────────────────────────────────────────

/**
 * Notification event types (spec 2 §3, §9). `system` ones (sent to whoever integrates the API) are
 * not shown among a contact's preferences and keep what is stored whatever is posted; `nyi` ones (not
 * yet implemented) are neither shown nor accepted.
 */
export const NOTIFICATION_EVENT_TYPES = [
  { id: 1, key: 'stopEta', system: false, nyi: false },
  { id: 2, key: 'stopEtaDelayed', system: false, nyi: false },
  { id: 3, key: 'stopEnrouteToDestination', system: false, nyi: false },
  { id: 4, key: 'stopDeliveredToDestination', system: false, nyi: false },
  { id: 5, key: 'stopEnrouteFromOrigin', system: false, nyi: false },
  { id: 6, key: 'stopCompletedAtOrigin', system: false, nyi: false },
  { id: 7, key: 'stopArrivedWrongLocation', system: false, nyi: false },
  { id: 8, key: 'stopCompletedWrongLocation', system: false, nyi: false },
  { id: 9, key: 'siteIssueRecorded', system: false, nyi: false },
  { id: 10, key: 'enterAvoidanceZone', system: false, nyi: false },
  { id: 11, key: 'checklistDefects', system: false, nyi: false },
  { id: 12, key: 'apiRequestIssue', system: true, nyi: false },
  { id: 13, key: 'apiRequestMissingResources', system: true, nyi: false },
  { id: 14, key: 'stopCommentsAdded', system: false, nyi: false },
  { id: 15, key: 'stopImagesAdded', system: false, nyi: false },
  { id: 16, key: 'stopSplit', system: false, nyi: false },
  { id: 17, key: 'augerOnInvalidSublocation', system: false, nyi: true },
  { id: 18, key: 'unscheduledStop', system: false, nyi: true },
] as const;
export type NotificationEventType = (typeof NOTIFICATION_EVENT_TYPES)[number];

const eventTypeById = new Map<number, NotificationEventType>(NOTIFICATION_EVENT_TYPES.map((type) => [type.id, type]));
export const SYSTEM_EVENT_TYPE_IDS: readonly number[] = NOTIFICATION_EVENT_TYPES.filter((type) => type.system).map(
  (type) => type.id,
);
export const isSystemEventType = (id: number) => SYSTEM_EVENT_TYPE_IDS.includes(id);

export const PREFERENCE_CHANNELS = ['Email', 'Text', 'Push'] as const;

export const contactPreferenceSchema = z.object({
  notificationEventTypeId: notAReference(
    int(1, NOTIFICATION_EVENT_TYPES.length),
    'a notification event type of the fixed catalogue (core/contract/people.ts)',
  ),
  notificationType: z.enum(PREFERENCE_CHANNELS),
});
export type ContactPreference = z.infer<typeof contactPreferenceSchema>;

/** `POST …/notification-preferences`: the contact's whole choice; not-yet-implemented types are refused. */
export const contactPreferencesBodySchema = z
  .array(contactPreferenceSchema)
  .max(NOTIFICATION_EVENT_TYPES.length * PREFERENCE_CHANNELS.length)
  .superRefine((preferences, ctx) => {
    preferences.forEach((preference, index) => {
      if (eventTypeById.get(preference.notificationEventTypeId)?.nyi)
        ctx.addIssue({ code: 'custom', message: 'notYetImplemented', path: [index, 'notificationEventTypeId'] });
    });
  });
export const contactPreferencesSchema = z.array(contactPreferenceSchema);

export const contactPreferencesParamsSchema = organizationParamsSchema.extend({ contactId: subjectIdTextSchema });

// ── Users ────────────────────────────────────────────────────────────────────────────────────────

const ROLE_ID_VALUES: readonly number[] = Object.values(ROLE_IDS);
const roleIdSchema = int(1, 1000).refine((id) => ROLE_ID_VALUES.includes(id), 'unknown role');

export const driverInfoInputSchema = z.object({
  defaultTractorId: referenceId('tractor').nullable().default(null),
  defaultTrailerId: referenceId('trailer').nullable().default(null),
  contract: z.boolean().default(false),
  loadCompletionOutOfSequence: z.boolean().default(false),
});

const userFields = z.object({
  username: text(USERNAME_MAX_LENGTH + 50, { trim: true }).superRefine((username, ctx) => {
    const problem = usernameProblem(username);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  firstName: optionalName,
  lastName: optionalName,
  enabled: z.boolean().default(true),
  roleIds: notAReference(
    z.array(roleIdSchema).min(1, 'required').max(ROLE_ID_VALUES.length),
    'roles are shared by every organization',
  ),
  sublocationTagging: z.boolean().default(false),
  /** Only for drivers; null otherwise. */
  driverInfo: driverInfoInputSchema.nullable().default(null),
  /**
   * Spec 2 §4: kept only when the contact has no email; with one, the user sets it through the
   * activation link. Checked against the password rules.
   */
  password: text(200)
    .superRefine((password, ctx) => {
      for (const rule of brokenPasswordRules(password)) ctx.addIssue({ code: 'custom', message: rule });
    })
    .optional(),
});

/** The form's rules that do not depend on who edits (that one user cannot disable himself is the server's). */
function withUserRules<Schema extends z.ZodType<z.output<typeof userFields>>>(schema: Schema) {
  return schema.superRefine((user, ctx) =>
    addIssues(
      ctx,
      userRuleIssues(
        {
          roleIds: user.roleIds,
          sublocationTagging: user.sublocationTagging,
          enabled: true,
          defaultTractorId: user.driverInfo?.defaultTractorId ?? null,
          defaultTrailerId: user.driverInfo?.defaultTrailerId ?? null,
        },
        0,
      ),
    ),
  );
}

/**
 * A new user comes with a new contact of its own (`contact`), or takes an existing contact of the
 * organization that no user holds yet (`contactId`, e.g. a notification recipient who now signs in).
 */
export const userInputSchema = withUserRules(
  userFields
    .extend({
      contact: contactInputSchema.optional(),
      contactId: referenceId('contact').optional(),
    })
    .superRefine((user, ctx) => {
      if ((user.contact === undefined) === (user.contactId === undefined))
        ctx.addIssue({ code: 'custom', message: 'contactOrContactId', path: ['contact'] });
    }),
);
export type UserInput = z.input<typeof userInputSchema>;
/** An update edits the user's own contact with it. */
export const userUpdateSchema = withUserRules(userFields.extend({ contact: contactInputSchema, version: versionSchema }));
export type UserUpdate = z.input<typeof userUpdateSchema>;

export const userRecordSchema = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  username: z.string(),
  name: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  enabled: z.boolean(),
  roleIds: z.array(z.number().int()),
  sublocationTagging: z.boolean(),
  driverInfo: z
    .object({
      defaultTractorId: z.number().int().nullable(),
      defaultTrailerId: z.number().int().nullable(),
      contract: z.boolean(),
      loadCompletionOutOfSequence: z.boolean(),
    })
    .nullable(),
  /** Whether a password is set (activated, or set by an administrator). */
  hasPassword: z.boolean(),
  contactId: z.number().int(),
  contact: contactRecordSchema,
  version: z.number().int(),
});
export type UserRecord = z.infer<typeof userRecordSchema>;

/** `GET /api/users/username?username`: spec 2 §7 answers true when the name is free (case-insensitive, every organization). */
export const usernameQuerySchema = z.object({ username: text(USERNAME_MAX_LENGTH + 50, { trim: true }).min(1, 'required') });
export const usernameAvailableSchema = z.boolean();

// ── Loading teams ────────────────────────────────────────────────────────────────────────────────

export const loadingTeamInputSchema = z.object({
  name: requiredName,
  email: text(320, { trim: true })
    .nullable()
    .optional()
    .refine((email) => !email || isPlausibleEmail(email), 'invalidEmail'),
  /** Users of the organization; each at most once. */
  userIds: z
    .array(referenceId('user'))
    .max(500)
    .default([])
    .refine((ids) => new Set(ids).size === ids.length, 'each member once'),
});
export type LoadingTeamInput = z.input<typeof loadingTeamInputSchema>;
export const loadingTeamUpdateSchema = loadingTeamInputSchema.extend({ version: versionSchema });
export type LoadingTeamUpdate = z.input<typeof loadingTeamUpdateSchema>;

export const loadingTeamRecordSchema = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  users: z.array(
    z.object({
      id: z.number().int(),
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      email: z.string().nullable(),
    }),
  ),
  version: z.number().int(),
});
export type LoadingTeamRecord = z.infer<typeof loadingTeamRecordSchema>;
