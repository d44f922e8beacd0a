import type { PageKey } from '#core/domain/access';
import type { AdminGroup } from '#core/resources/resource';
import { RESOURCES, type WritableResource } from '#core/resources/resource-list';

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

interface AdminSectionEntry {
  page: PageKey;
  labelKey: string;
  group: AdminGroup;
}

/** The record types with an administration page: declared with a `page` and a `menu` group. */
type ResourceWithPage = Extract<WritableResource, { writes: { page: PageKey; menu: AdminGroup } }>;
type ResourceSections = { [Declared in ResourceWithPage as Declared['writes']['path']]: AdminSectionEntry };

/** A record type's page lives at its collection's path, labelled by its page key (core/resources). */
const RESOURCE_SECTIONS = Object.fromEntries(
  RESOURCES.flatMap((resource) =>
    'writes' in resource && 'page' in resource.writes && 'menu' in resource.writes
      ? [[resource.writes.path, { page: resource.writes.page, labelKey: resource.writes.page, group: resource.writes.menu }]]
      : [],
  ),
) as ResourceSections;

/** Administration sub-pages by URL segment under /manage-company (spec 2 §2): the record types' and these. */
export const ADMIN_SECTIONS = {
  ...RESOURCE_SECTIONS,
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
  locations: { page: 'admin.locations', labelKey: 'admin.locations', group: 'sites' },
  'avoidance-zones': { page: 'admin.avoidanceZones', labelKey: 'admin.avoidanceZones', group: 'sites' },
  'standard-routes': { page: 'admin.standardRoutes', labelKey: 'admin.standardRoutes', group: 'sites' },
  'service-accounts': { page: 'admin.serviceAccounts', labelKey: 'admin.serviceAccounts', group: 'system' },
  settings: { page: 'admin.settings', labelKey: 'admin.settings', group: 'system' },
  companies: { page: 'admin.companies', labelKey: 'admin.companies', group: 'companies' },
  permissions: { page: 'admin.permissions', labelKey: 'admin.permissions', group: 'companies' },
} as const satisfies Record<string, AdminSectionEntry>;

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
