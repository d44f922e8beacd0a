import { describe, expect, it } from 'vitest';
import { ROLE_IDS } from '#core/domain/access';
import {
  checkNotificationMethods,
  excludedRoleIds,
  hasConflictingRoles,
  isPlausibleEmail,
  mayHaveDefaultEquipment,
  mayTagSublocations,
  normalizePhone,
  USERNAME_MAX_LENGTH,
  type UserRulesSubject,
  userRuleIssues,
  usernameProblem,
} from './people.ts';

const { Driver, Manager, SiteManager, Dispatcher, Administrator } = ROLE_IDS;

describe('user roles', () => {
  it('the driver role excludes both management roles, and either management role excludes the driver', () => {
    expect(excludedRoleIds([Driver])).toEqual([SiteManager, Manager]);
    expect(excludedRoleIds([Manager])).toEqual([Driver]);
    expect(excludedRoleIds([SiteManager, Dispatcher])).toEqual([Driver]);
    expect(excludedRoleIds([Dispatcher, Administrator])).toEqual([]);
    expect(hasConflictingRoles([Driver, Manager])).toBe(true);
    expect(hasConflictingRoles([Driver, SiteManager])).toBe(true);
    expect(hasConflictingRoles([Driver, Dispatcher])).toBe(false);
    expect(hasConflictingRoles([Manager, SiteManager])).toBe(false);
  });

  it('sub-location tagging only with the driver or site-manager role, default equipment only for drivers', () => {
    expect(mayTagSublocations([Driver])).toBe(true);
    expect(mayTagSublocations([SiteManager])).toBe(true);
    expect(mayTagSublocations([Manager, Dispatcher])).toBe(false);
    expect(mayHaveDefaultEquipment([Driver])).toBe(true);
    expect(mayHaveDefaultEquipment([SiteManager])).toBe(false);
  });
});

describe('user form rules', () => {
  const valid: UserRulesSubject = {
    id: 7,
    roleIds: [Driver],
    sublocationTagging: true,
    enabled: true,
    defaultTractorId: 1,
    defaultTrailerId: 2,
  };

  it('accepts a driver with tagging and default equipment', () => {
    expect(userRuleIssues(valid, 1)).toEqual([]);
  });

  it('names each broken rule by field', () => {
    expect(userRuleIssues({ ...valid, roleIds: [Driver, Manager] }, 1)).toEqual([
      { path: 'roleIds', message: 'driverExcludesManagement' },
    ]);
    expect(userRuleIssues({ ...valid, roleIds: [Dispatcher] }, 1)).toEqual([
      { path: 'sublocationTagging', message: 'driverOrSiteManagerOnly' },
      { path: 'driverInfo.defaultTractorId', message: 'driversOnly' },
      { path: 'driverInfo.defaultTrailerId', message: 'driversOnly' },
    ]);
    expect(userRuleIssues({ ...valid, roleIds: [SiteManager], defaultTractorId: null, defaultTrailerId: null }, 1)).toEqual([]);
  });

  it('your own user cannot be disabled; another user can', () => {
    expect(userRuleIssues({ ...valid, enabled: false }, 7)).toEqual([{ path: 'enabled', message: 'cannotDisableYourself' }]);
    expect(userRuleIssues({ ...valid, enabled: false }, 1)).toEqual([]);
    expect(userRuleIssues({ ...valid, id: undefined, enabled: false }, 7)).toEqual([]);
  });
});

describe('usernames', () => {
  it('are required, at most 100 characters, letters, digits and . _ - @', () => {
    expect(usernameProblem('driver.hansen')).toBeNull();
    expect(usernameProblem('  ana@example.com ')).toBeNull();
    expect(usernameProblem('José_1')).toBeNull();
    expect(usernameProblem('   ')).toBe('required');
    expect(usernameProblem('a'.repeat(USERNAME_MAX_LENGTH))).toBeNull();
    expect(usernameProblem('a'.repeat(USERNAME_MAX_LENGTH + 1))).toBe('tooLong');
    expect(usernameProblem('two words')).toBe('invalidCharacters');
    expect(usernameProblem('semi;colon')).toBe('invalidCharacters');
  });
});

describe('phone numbers', () => {
  it('are normalised to E.164, read in the language’s country', () => {
    expect(normalizePhone('(515) 555-0111', 'en-US')).toBe('+15155550111');
    expect(normalizePhone('55 1234 5678', 'es-MX')).toBe('+525512345678');
    expect(normalizePhone('514 555 0199', 'fr-CA')).toBe('+15145550199');
    expect(normalizePhone('020 123 4567', 'nl-NL')).toBe('+31201234567');
    expect(normalizePhone('+31 20 123 4567', 'en-US')).toBe('+31201234567');
  });

  it('fall back to the US when the language’s country does not read them', () => {
    expect(normalizePhone('515-555-0111', 'nl-NL')).toBe('+15155550111');
  });

  it('are refused when no country reads them as valid', () => {
    expect(normalizePhone('12', 'en-US')).toBeNull();
    expect(normalizePhone('phone', 'en-US')).toBeNull();
    expect(normalizePhone('', 'en-US')).toBeNull();
  });
});

describe('contact notification methods', () => {
  it('Text needs a valid phone (stored normalised), Email an email address', () => {
    expect(
      checkNotificationMethods(
        [
          { notificationType: 'Email', destination: ' ana@example.com ' },
          { notificationType: 'Text', destination: '515 555 0111' },
        ],
        'en-US',
      ),
    ).toEqual({
      methods: [
        { notificationType: 'Email', destination: 'ana@example.com' },
        { notificationType: 'Text', destination: '+15155550111' },
      ],
      issues: [],
    });
    expect(
      checkNotificationMethods(
        [
          { notificationType: 'Text', destination: '12' },
          { notificationType: 'Email', destination: '+15155550111' },
        ],
        'en-US',
      ).issues,
    ).toEqual([
      { path: 'contactNotificationMethods.0.destination', message: 'invalidPhone' },
      { path: 'contactNotificationMethods.1.destination', message: 'invalidEmail' },
    ]);
  });

  it('each type at most once', () => {
    expect(
      checkNotificationMethods(
        [
          { notificationType: 'Email', destination: 'a@example.com' },
          { notificationType: 'Email', destination: 'b@example.com' },
        ],
        'en-US',
      ).issues,
    ).toEqual([{ path: 'contactNotificationMethods.1.notificationType', message: 'duplicateMethod' }]);
  });

  it('an email has a local part, an @ and a domain with a dot', () => {
    expect(isPlausibleEmail('dispatch@prairie.example')).toBe(true);
    expect(isPlausibleEmail('dispatch@prairie')).toBe(false);
    expect(isPlausibleEmail('dispatch prairie.example')).toBe(false);
  });
});
