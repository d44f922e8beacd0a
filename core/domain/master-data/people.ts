import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js';
import { ROLE_IDS } from '#core/domain/access';
import type { Language } from '#core/domain/locale';

/**
 * User and contact rules (spec 2 §4 "User form", §5). The forms and the server both ask these, so a
 * value the form accepts is one the server stores.
 */

// ── Users ────────────────────────────────────────────────────────────────────────────────────────

/** Spec 2 §4's Bn: the driver role. */
export const DRIVER_ROLE_ID = ROLE_IDS.Driver;
/** Spec 2 §4's Mn and Fn: the two management roles, which site managers hold. */
export const MANAGEMENT_ROLE_IDS: readonly number[] = [ROLE_IDS.SiteManager, ROLE_IDS.Manager];
/** Besides drivers, only site managers (Mn) tag sub-locations. */
const SUBLOCATION_TAGGING_ROLE_IDS: readonly number[] = [DRIVER_ROLE_ID, ROLE_IDS.SiteManager];

/** The driver role excludes both management roles and the reverse: selecting one disables the others. */
export function excludedRoleIds(selected: readonly number[]): number[] {
  if (selected.includes(DRIVER_ROLE_ID)) return [...MANAGEMENT_ROLE_IDS];
  if (selected.some((id) => MANAGEMENT_ROLE_IDS.includes(id))) return [DRIVER_ROLE_ID];
  return [];
}

export function hasConflictingRoles(roleIds: readonly number[]): boolean {
  const excluded = excludedRoleIds(roleIds);
  return roleIds.some((id) => excluded.includes(id));
}

/** Sub-location tagging is offered only to drivers and site managers (and reset when neither is held). */
export function mayTagSublocations(roleIds: readonly number[]): boolean {
  return roleIds.some((id) => SUBLOCATION_TAGGING_ROLE_IDS.includes(id));
}

/** Default tractor and trailer belong to drivers only. */
export function mayHaveDefaultEquipment(roleIds: readonly number[]): boolean {
  return roleIds.includes(DRIVER_ROLE_ID);
}

export const USERNAME_MAX_LENGTH = 100;
/** Letters, digits and `. _ - @` (an email works as a username); no spaces, so what is typed at sign-in is unambiguous. */
const USERNAME_PATTERN = /^[\p{L}\p{N}._@-]+$/u;

export type UsernameProblem = 'required' | 'tooLong' | 'invalidCharacters';

/** What is wrong with a username (trimmed first), or null. Uniqueness is asked of the server. */
export function usernameProblem(username: string): UsernameProblem | null {
  const trimmed = username.trim();
  if (!trimmed) return 'required';
  if (trimmed.length > USERNAME_MAX_LENGTH) return 'tooLong';
  if (!USERNAME_PATTERN.test(trimmed)) return 'invalidCharacters';
  return null;
}

export interface UserRulesSubject {
  /** Absent for a new user. */
  id?: number;
  roleIds: readonly number[];
  sublocationTagging: boolean;
  enabled: boolean;
  defaultTractorId: number | null;
  defaultTrailerId: number | null;
}

export interface RuleIssue {
  /** The field, as the form and the body name it. */
  path: string;
  message: string;
}

/** Each broken rule of the user form, by field; `editorUserId` is the signed-in user (who cannot disable himself). */
export function userRuleIssues(user: UserRulesSubject, editorUserId: number): RuleIssue[] {
  const issues: RuleIssue[] = [];
  if (hasConflictingRoles(user.roleIds)) issues.push({ path: 'roleIds', message: 'driverExcludesManagement' });
  if (user.sublocationTagging && !mayTagSublocations(user.roleIds))
    issues.push({ path: 'sublocationTagging', message: 'driverOrSiteManagerOnly' });
  if (!mayHaveDefaultEquipment(user.roleIds)) {
    if (user.defaultTractorId !== null) issues.push({ path: 'driverInfo.defaultTractorId', message: 'driversOnly' });
    if (user.defaultTrailerId !== null) issues.push({ path: 'driverInfo.defaultTrailerId', message: 'driversOnly' });
  }
  if (!user.enabled && user.id === editorUserId) issues.push({ path: 'enabled', message: 'cannotDisableYourself' });
  return issues;
}

// ── Contacts ─────────────────────────────────────────────────────────────────────────────────────

/** The country a phone number without `+` is read in, by the contact's language. */
export const PHONE_COUNTRY_BY_LANGUAGE: Readonly<Record<Language, CountryCode>> = {
  'en-US': 'US',
  'es-MX': 'MX',
  'fr-CA': 'CA',
  'nl-NL': 'NL',
};
const PREFERRED_PHONE_COUNTRY: CountryCode = 'US';

/**
 * The phone number in E.164 (`+15155550111`), or null when it is not a valid number. A number
 * without a country code is read in the language's country, then in the US (spec 2 §5: US preferred).
 */
export function normalizePhone(phone: string, language: Language): string | null {
  for (const country of new Set([PHONE_COUNTRY_BY_LANGUAGE[language], PREFERRED_PHONE_COUNTRY])) {
    const parsed = parsePhoneNumberFromString(phone, country);
    if (parsed?.isValid()) return parsed.number;
  }
  return null;
}

export const NOTIFICATION_METHOD_TYPES = ['Email', 'Text'] as const;
export type NotificationMethodType = (typeof NOTIFICATION_METHOD_TYPES)[number];

/** Enough to tell an address from a phone number or a typo without a domain; delivery is the real check. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isPlausibleEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}

export interface NotificationMethodInput {
  notificationType: NotificationMethodType;
  destination: string;
}

/**
 * The contact's methods checked and normalised: Email needs an email address, Text a valid phone
 * (stored in E.164), each type at most once. Issues name `contactNotificationMethods.<index>.…`.
 */
export function checkNotificationMethods(
  methods: readonly NotificationMethodInput[],
  language: Language,
): { methods: NotificationMethodInput[]; issues: RuleIssue[] } {
  const issues: RuleIssue[] = [];
  const seen = new Set<NotificationMethodType>();
  const normalized = methods.map((method, index) => {
    const path = `contactNotificationMethods.${index}`;
    if (seen.has(method.notificationType)) issues.push({ path: `${path}.notificationType`, message: 'duplicateMethod' });
    seen.add(method.notificationType);
    const destination = method.destination.trim();
    if (method.notificationType === 'Text') {
      const phone = normalizePhone(destination, language);
      if (!phone) issues.push({ path: `${path}.destination`, message: 'invalidPhone' });
      return { notificationType: method.notificationType, destination: phone ?? destination };
    }
    if (!isPlausibleEmail(destination)) issues.push({ path: `${path}.destination`, message: 'invalidEmail' });
    return { notificationType: method.notificationType, destination };
  });
  return { methods: normalized, issues };
}
