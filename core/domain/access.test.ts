import { describe, expect, it } from 'vitest';
import {
  ADMIN_PAGES,
  type AccessSubject,
  canOpenPage,
  DEFAULT_ROLE_PERMISSIONS,
  decidePageAccess,
  FEATURES,
  PAGE_RULES,
  PERMISSIONS,
  showsSummaryCards,
  visibleHomeTiles,
} from './access.ts';

const companyPermissions = DEFAULT_ROLE_PERMISSIONS.Administrator;
const dispatcherPermissions = DEFAULT_ROLE_PERMISSIONS.Dispatcher;

const standard = { tier: 'Standard' as const, isCarrier: false, features: [...FEATURES] };
const admin: AccessSubject = { permissions: companyPermissions, organization: standard };
const dispatcher: AccessSubject = { permissions: dispatcherPermissions, organization: standard };
const platform: AccessSubject = { permissions: [...PERMISSIONS], organization: standard };
const carrier: AccessSubject = {
  permissions: DEFAULT_ROLE_PERMISSIONS.CarrierDispatcher,
  organization: { tier: 'Standard', isCarrier: true, features: ['DeliveryTracking', 'DeliveryTickets', 'Reports', 'Drafts'] },
};
const freemium: AccessSubject = {
  permissions: companyPermissions,
  organization: { tier: 'Freemium', isCarrier: false, features: ['Drafts'] },
};

describe('page access', () => {
  it('gives a company administrator every company page but not the platform ones', () => {
    expect(canOpenPage(admin, 'administration')).toBe(true);
    expect(canOpenPage(admin, 'admin.locations')).toBe(true);
    expect(canOpenPage(admin, 'admin.companies')).toBe(false);
    expect(canOpenPage(admin, 'admin.permissions')).toBe(false);
    expect(canOpenPage(admin, 'mapHelpers')).toBe(false);
    expect(canOpenPage(admin, 'drafts')).toBe(true);
  });

  it('gives a dispatcher dispatch pages and no administration', () => {
    for (const page of ['loads', 'drafts', 'liveMap', 'productionPlanning', 'reports', 'maintenance', 'siteIssues'] as const) {
      expect(canOpenPage(dispatcher, page), page).toBe(true);
    }
    expect(decidePageAccess(dispatcher, PAGE_RULES.administration)).toBe('forbidden');
    expect(ADMIN_PAGES.filter((page) => canOpenPage(dispatcher, page))).toEqual([]);
    expect(canOpenPage(dispatcher, 'interactiveReports')).toBe(false);
  });

  it('gives a platform administrator companies, permissions and map helpers', () => {
    expect(canOpenPage(platform, 'admin.companies')).toBe(true);
    expect(canOpenPage(platform, 'admin.permissions')).toBe(true);
    expect(canOpenPage(platform, 'mapHelpers')).toBe(true);
  });

  it('hides drafts, planning, maintenance, site issues and site pages from carriers', () => {
    for (const page of [
      'drafts',
      'productionPlanning',
      'maintenance',
      'siteIssues',
      'admin.contacts',
      'admin.locations',
    ] as const) {
      expect(decidePageAccess(carrier, PAGE_RULES[page]), page).toBe('forbidden');
    }
    expect(canOpenPage(carrier, 'loads')).toBe(true);
    expect(canOpenPage(carrier, 'admin.tractors')).toBe(true);
  });

  it('shows the premium notice to Freemium on Standard pages and for switched-off features', () => {
    expect(decidePageAccess(freemium, PAGE_RULES['admin.locations'])).toBe('premium');
    expect(decidePageAccess(freemium, PAGE_RULES['admin.customers'])).toBe('premium');
    expect(decidePageAccess(freemium, PAGE_RULES['admin.avoidanceZones'])).toBe('premium');
    expect(decidePageAccess(freemium, PAGE_RULES['admin.standardRoutes'])).toBe('premium');
    expect(decidePageAccess(freemium, PAGE_RULES.liveMap)).toBe('premium');
    expect(canOpenPage(freemium, 'loads')).toBe(true);
    expect(canOpenPage(freemium, 'admin.users')).toBe(true);
  });

  it('treats a missing permission as unauthorised even when the tier is too low', () => {
    expect(decidePageAccess({ permissions: [], organization: freemium.organization }, PAGE_RULES['admin.locations'])).toBe(
      'forbidden',
    );
  });

  it('needs any one report permission for the reports area', () => {
    const reporter: AccessSubject = { permissions: ['ViewReportOnTime'], organization: standard };
    expect(canOpenPage(reporter, 'reports')).toBe(true);
    expect(canOpenPage({ ...reporter, organization: { ...standard, features: [] } }, 'reports')).toBe(false);
    expect(canOpenPage({ permissions: [], organization: standard }, 'reports')).toBe(false);
  });
});

describe('home page', () => {
  it('shows summary cards only with ViewOwningOrders above Freemium', () => {
    expect(showsSummaryCards(dispatcher)).toBe(true);
    expect(showsSummaryCards(freemium)).toBe(false);
    expect(showsSummaryCards({ permissions: ['AccessAdministration'], organization: standard })).toBe(false);
  });

  it('keeps most tiles from Freemium and carriers', () => {
    expect(visibleHomeTiles(freemium).map((tile) => tile.key)).toEqual(['drafts', 'loads', 'administration']);
    expect(visibleHomeTiles(carrier).map((tile) => tile.key)).toEqual(['loads', 'liveMap', 'administration']);
    expect(visibleHomeTiles(dispatcher).map((tile) => tile.key)).toEqual([
      'productionPlanning',
      'drafts',
      'loads',
      'reports',
      'liveMap',
      'maintenance',
      'siteIssues',
    ]);
  });
});
