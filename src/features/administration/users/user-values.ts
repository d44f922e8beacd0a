import type { UserInput, UserRecord } from '#core/contract/people';
import { ROLE_IDS, type RoleName } from '#core/domain/access';
import {
  excludedRoleIds,
  mayHaveDefaultEquipment,
  mayTagSublocations,
  usernameProblem,
  userRuleIssues,
} from '#core/domain/master-data/index';
import { brokenPasswordRules } from '#core/domain/passwords';
import {
  type ContactDefaults,
  type ContactValues,
  contactErrors,
  contactInput,
  contactValues,
  hasEmail,
} from '../contacts/contact-values.ts';
import type { FieldError } from '#src/ui/form-fields.ts';

/**
 * The user form (spec 2 §4 "User form") as pure functions over core/domain/master-data/people.ts:
 * which roles a choice excludes, when sub-location tagging and default equipment are offered, and
 * the errors that keep Save disabled. Error keys (namespace people), for the extractor:
 * t('people:errors.usernameRequired'), t('people:errors.usernameTooLong'),
 * t('people:errors.usernameInvalidCharacters'), t('people:errors.usernameTaken'),
 * t('people:errors.rolesRequired'), t('people:errors.driverExcludesManagement'),
 * t('people:errors.cannotDisableYourself'), t('people:errors.invalidPassword').
 */
export interface UserValues {
  username: string;
  firstName: string;
  lastName: string;
  enabled: boolean;
  roleIds: number[];
  sublocationTagging: boolean;
  defaultTractorId: number | null;
  defaultTrailerId: number | null;
  contract: boolean;
  loadCompletionOutOfSequence: boolean;
  password: string;
  contact: ContactValues;
}

export function userValues(user: UserRecord | null, defaults: ContactDefaults): UserValues {
  return {
    username: user?.username ?? '',
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    enabled: user?.enabled ?? true,
    roleIds: user?.roleIds ?? [],
    sublocationTagging: user?.sublocationTagging ?? false,
    defaultTractorId: user?.driverInfo?.defaultTractorId ?? null,
    defaultTrailerId: user?.driverInfo?.defaultTrailerId ?? null,
    contract: user?.driverInfo?.contract ?? false,
    loadCompletionOutOfSequence: user?.driverInfo?.loadCompletionOutOfSequence ?? false,
    password: '',
    contact: contactValues(user?.contact ?? null, defaults),
  };
}

/** Roles a user may be given here: platform administrators are named only by one. */
export function assignableRoles(editorRoleIds: readonly number[]): { name: RoleName; id: number }[] {
  const platform = editorRoleIds.includes(ROLE_IDS.PlatformAdministrator);
  return (Object.entries(ROLE_IDS) as [RoleName, number][])
    .filter(([, id]) => platform || id !== ROLE_IDS.PlatformAdministrator)
    .map(([name, id]) => ({ name, id }));
}

/**
 * A new role choice with its consequences applied: roles the choice excludes are dropped (the
 * checkbox also shows them disabled), tagging resets without a driver or site-manager role, and
 * default equipment goes with the driver role.
 */
export function withRoles(values: UserValues, roleIds: number[]): UserValues {
  return {
    ...values,
    roleIds,
    sublocationTagging: mayTagSublocations(roleIds) && values.sublocationTagging,
    defaultTractorId: mayHaveDefaultEquipment(roleIds) ? values.defaultTractorId : null,
    defaultTrailerId: mayHaveDefaultEquipment(roleIds) ? values.defaultTrailerId : null,
  };
}

/** Roles shown disabled: those the others exclude, unless held (so a held conflict can be undone). */
export function disabledRoleIds(roleIds: readonly number[]): number[] {
  return excludedRoleIds(roleIds).filter((id) => !roleIds.includes(id));
}

/** The password is typed only when no activation email can be sent (spec 2 §4). */
export const needsPassword = (values: UserValues) => !hasEmail(values.contact);

export type UsernameCheck = 'idle' | 'checking' | 'available' | 'taken' | 'offline';

export interface UserErrors {
  username?: FieldError;
  roleIds?: FieldError;
  enabled?: FieldError;
  password?: FieldError;
  contact: ReturnType<typeof contactErrors>;
}

const USERNAME_ERRORS = {
  required: 'errors.usernameRequired',
  tooLong: 'errors.usernameTooLong',
  invalidCharacters: 'errors.usernameInvalidCharacters',
} as const;

/**
 * The form's errors. `id` is the edited user (absent for a new one) and `editorUserId` the signed-in
 * user, who cannot disable himself; `passwordShown` says whether a password field is open.
 */
export function userErrors(
  values: UserValues,
  options: { id?: number; editorUserId: number; usernameCheck: UsernameCheck; passwordShown: boolean },
): UserErrors {
  const problem = usernameProblem(values.username);
  const rules = userRuleIssues({ ...values, id: options.id }, options.editorUserId);
  const broken = (path: string) => rules.some((issue) => issue.path === path);
  const typedPassword = options.passwordShown && !hasEmail(values.contact) ? values.password : '';
  return {
    username: problem
      ? { key: USERNAME_ERRORS[problem] }
      : options.usernameCheck === 'taken'
        ? { key: 'errors.usernameTaken' }
        : undefined,
    roleIds:
      values.roleIds.length === 0
        ? { key: 'errors.rolesRequired' }
        : broken('roleIds')
          ? { key: 'errors.driverExcludesManagement' }
          : undefined,
    enabled: broken('enabled') ? { key: 'errors.cannotDisableYourself' } : undefined,
    password:
      typedPassword !== '' && brokenPasswordRules(typedPassword).length > 0 ? { key: 'errors.invalidPassword' } : undefined,
    contact: contactErrors({ ...values.contact, name: contactName(values) }),
  };
}

export function hasUserErrors(errors: UserErrors): boolean {
  const { contact, ...own } = errors;
  return [...Object.values(own), ...Object.values(contact)].some((error) => error !== undefined);
}

/** A user's contact is named as the user: first and last name, else the username (as the server names the user). */
function contactName(values: UserValues) {
  return [values.firstName.trim(), values.lastName.trim()].filter(Boolean).join(' ') || values.username.trim();
}

export function userInput(values: UserValues, passwordShown: boolean): UserInput {
  const driver = mayHaveDefaultEquipment(values.roleIds);
  const password = passwordShown && !hasEmail(values.contact) && values.password !== '' ? values.password : undefined;
  return {
    username: values.username.trim(),
    firstName: values.firstName.trim() || null,
    lastName: values.lastName.trim() || null,
    enabled: values.enabled,
    roleIds: values.roleIds,
    sublocationTagging: values.sublocationTagging,
    driverInfo: driver
      ? {
          defaultTractorId: values.defaultTractorId,
          defaultTrailerId: values.defaultTrailerId,
          contract: values.contract,
          loadCompletionOutOfSequence: values.loadCompletionOutOfSequence,
        }
      : null,
    ...(password ? { password } : {}),
    contact: contactInput({ ...values.contact, name: contactName(values) }),
  };
}
