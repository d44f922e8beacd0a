import type { PageKey } from '#core/domain/access';

/** Where each page lives and the translation key of its label (namespace common). */
export interface PageLink {
  page: PageKey;
  to: string;
  labelKey: string;
}

export const MAIN_PAGES: PageLink[] = [
  { page: 'home', to: '/', labelKey: 'nav.home' },
  { page: 'loads', to: '/loads', labelKey: 'nav.loads' },
  { page: 'drafts', to: '/drafts', labelKey: 'nav.drafts' },
  { page: 'liveMap', to: '/live-map', labelKey: 'nav.liveMap' },
  { page: 'productionPlanning', to: '/production-planning', labelKey: 'nav.productionPlanning' },
  { page: 'reports', to: '/reports', labelKey: 'nav.reports' },
  { page: 'interactiveReports', to: '/interactive-reports', labelKey: 'nav.interactiveReports' },
  { page: 'maintenance', to: '/maintenance', labelKey: 'nav.maintenance' },
  { page: 'siteIssues', to: '/site-issues', labelKey: 'nav.siteIssues' },
  { page: 'mapHelpers', to: '/map-helpers', labelKey: 'nav.mapHelpers' },
];

/** Administration sub-pages by URL segment under /manage-company (spec 2 §2). */
export const ADMIN_SECTIONS = {
  tractors: { page: 'admin.tractors', labelKey: 'admin.tractors', group: 'equipment' },
  trailers: { page: 'admin.trailers', labelKey: 'admin.trailers', group: 'equipment' },
  devices: { page: 'admin.devices', labelKey: 'admin.devices', group: 'equipment' },
  'tractor-checklist-templates': {
    page: 'admin.tractorChecklistTemplates',
    labelKey: 'admin.tractorChecklistTemplates',
    group: 'equipment',
  },
  'trailer-checklist-templates': {
    page: 'admin.trailerChecklistTemplates',
    labelKey: 'admin.trailerChecklistTemplates',
    group: 'equipment',
  },
  users: { page: 'admin.users', labelKey: 'admin.users', group: 'people' },
  contacts: { page: 'admin.contacts', labelKey: 'admin.contacts', group: 'people' },
  'loading-teams': { page: 'admin.loadingTeams', labelKey: 'admin.loadingTeams', group: 'people' },
  customers: { page: 'admin.customers', labelKey: 'admin.customers', group: 'people' },
  locations: { page: 'admin.locations', labelKey: 'admin.locations', group: 'sites' },
  'avoidance-zones': { page: 'admin.avoidanceZones', labelKey: 'admin.avoidanceZones', group: 'sites' },
  'standard-routes': { page: 'admin.standardRoutes', labelKey: 'admin.standardRoutes', group: 'sites' },
  'service-accounts': { page: 'admin.serviceAccounts', labelKey: 'admin.serviceAccounts', group: 'system' },
  'notification-configs': { page: 'admin.notificationConfigs', labelKey: 'admin.notificationConfigs', group: 'system' },
  settings: { page: 'admin.settings', labelKey: 'admin.settings', group: 'system' },
  companies: { page: 'admin.companies', labelKey: 'admin.companies', group: 'companies' },
  permissions: { page: 'admin.permissions', labelKey: 'admin.permissions', group: 'companies' },
} as const satisfies Record<string, { page: PageKey; labelKey: string; group: string }>;

export type AdminSection = keyof typeof ADMIN_SECTIONS;

export function isAdminSection(value: string): value is AdminSection {
  return Object.hasOwn(ADMIN_SECTIONS, value);
}

/** The page a path shows (`/loads`, `/manage-company/users`), or undefined for any other path. */
export function pageAtPath(pathname: string): PageKey | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  const main = MAIN_PAGES.find((link) => link.to === path);
  if (main) return main.page;
  if (path === '/manage-company') return 'administration';
  const section = /^\/manage-company\/([^/]+)$/.exec(path)?.[1];
  return section && isAdminSection(section) ? ADMIN_SECTIONS[section].page : undefined;
}
