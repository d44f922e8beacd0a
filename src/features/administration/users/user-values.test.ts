import { describe, expect, it } from 'vitest';
import { ROLE_IDS } from '#core/domain/access';
import {
  assignableRoles,
  disabledRoleIds,
  hasUserErrors,
  needsPassword,
  userErrors,
  userInput,
  userValues,
  withRoles,
} from './user-values.ts';

const defaults = { language: 'en-US', timezone: 'America/Chicago', units: 'Imperial', unitsWeight: 'Pound' } as const;
const editor = 7;

function newUser(change: Partial<ReturnType<typeof userValues>> = {}) {
  return { ...userValues(null, defaults), username: 'new.driver', roleIds: [ROLE_IDS.Driver], ...change };
}

const errorsOf = (values: ReturnType<typeof userValues>, options: Partial<Parameters<typeof userErrors>[1]> = {}) =>
  userErrors(values, { editorUserId: editor, usernameCheck: 'available', passwordShown: true, ...options });

describe('user form', () => {
  it('shows the management roles disabled once the driver role is chosen, and the driver role for a manager', () => {
    expect(disabledRoleIds([ROLE_IDS.Driver]).sort()).toEqual([ROLE_IDS.Manager, ROLE_IDS.SiteManager].sort());
    expect(disabledRoleIds([ROLE_IDS.SiteManager])).toEqual([ROLE_IDS.Driver]);
    expect(disabledRoleIds([ROLE_IDS.Dispatcher])).toEqual([]);
  });

  it('refuses the driver role together with a management role', () => {
    const errors = errorsOf(newUser({ roleIds: [ROLE_IDS.Driver, ROLE_IDS.Manager] }));
    expect(errors.roleIds?.key).toBe('errors.driverExcludesManagement');
    expect(hasUserErrors(errors)).toBe(true);
  });

  it('drops sub-location tagging and default equipment when the roles no longer allow them', () => {
    const driver = newUser({ sublocationTagging: true, defaultTractorId: 3, defaultTrailerId: 4 });
    const dispatcher = withRoles(driver, [ROLE_IDS.Dispatcher]);
    expect(dispatcher).toMatchObject({ sublocationTagging: false, defaultTractorId: null, defaultTrailerId: null });
    const siteManager = withRoles(driver, [ROLE_IDS.SiteManager]);
    expect(siteManager.sublocationTagging).toBe(true);
    expect(siteManager.defaultTractorId).toBeNull();
  });

  it('sends driver info only for drivers', () => {
    expect(userInput(newUser({ defaultTractorId: 3 }), false).driverInfo).toMatchObject({ defaultTractorId: 3 });
    expect(userInput(newUser({ roleIds: [ROLE_IDS.Dispatcher] }), false).driverInfo).toBeNull();
  });

  it('keeps the signed-in user from disabling himself, not others', () => {
    expect(errorsOf(newUser({ enabled: false }), { id: editor }).enabled?.key).toBe('errors.cannotDisableYourself');
    expect(errorsOf(newUser({ enabled: false }), { id: editor + 1 }).enabled).toBeUndefined();
  });

  it('holds Save while the username is taken and names the username problems', () => {
    expect(errorsOf(newUser(), { usernameCheck: 'taken' }).username?.key).toBe('errors.usernameTaken');
    expect(errorsOf(newUser({ username: 'two words' })).username?.key).toBe('errors.usernameInvalidCharacters');
    expect(errorsOf(newUser({ username: ' ' })).username?.key).toBe('errors.usernameRequired');
    expect(hasUserErrors(errorsOf(newUser()))).toBe(false);
  });

  it('asks for a password only without an email, checked by the shared password rules', () => {
    const withoutEmail = newUser({ password: 'short' });
    expect(needsPassword(withoutEmail)).toBe(true);
    expect(errorsOf(withoutEmail).password?.key).toBe('errors.invalidPassword');
    expect(userInput({ ...withoutEmail, password: 'Welcome-aboard7' }, true).password).toBe('Welcome-aboard7');
    const withEmail = newUser({ password: 'short', contact: { ...newUser().contact, email: 'a@example.com' } });
    expect(needsPassword(withEmail)).toBe(false);
    expect(errorsOf(withEmail).password).toBeUndefined();
    expect(userInput(withEmail, true).password).toBeUndefined();
  });

  it('names the contact after the user and sends its email and normalised phone as methods', () => {
    const values = newUser({
      firstName: 'Ana',
      lastName: 'Ruiz',
      contact: { ...newUser().contact, email: 'ana@example.com', phone: '(515) 555-0111' },
    });
    expect(userInput(values, false).contact).toMatchObject({
      name: 'Ana Ruiz',
      contactNotificationMethods: [
        { notificationType: 'Email', destination: 'ana@example.com' },
        { notificationType: 'Text', destination: '+15155550111' },
      ],
    });
  });

  it('offers the platform administrator role only to platform administrators', () => {
    const names = (roles: ReturnType<typeof assignableRoles>) => roles.map((role) => role.name);
    expect(names(assignableRoles([ROLE_IDS.Administrator]))).not.toContain('PlatformAdministrator');
    expect(names(assignableRoles([ROLE_IDS.PlatformAdministrator]))).toContain('PlatformAdministrator');
  });
});
