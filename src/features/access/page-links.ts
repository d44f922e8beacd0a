import type { PageKey } from '#core/domain/access';
import type { AdminGroup } from '#core/resources/resource';

/*
 * The pages that need no record type's declaration, kept apart from pages.ts so that the route files
 * checking them (their `beforeLoad` runs in the entry chunk) do not pull every declaration's schemas
 * into the sign-in screen's JavaScript.
 */

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

export interface AdminSectionEntry {
  page: PageKey;
  labelKey: string;
  group: AdminGroup;
}

/** Administration sub-pages without a record type of their own, by URL segment under /manage-company (spec 2 §2). */
export const OTHER_ADMIN_SECTIONS = {
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
  'service-accounts': { page: 'admin.serviceAccounts', labelKey: 'admin.serviceAccounts', group: 'system' },
  settings: { page: 'admin.settings', labelKey: 'admin.settings', group: 'system' },
  companies: { page: 'admin.companies', labelKey: 'admin.companies', group: 'companies' },
  permissions: { page: 'admin.permissions', labelKey: 'admin.permissions', group: 'companies' },
} as const satisfies Record<string, AdminSectionEntry>;

export type OtherAdminSection = keyof typeof OTHER_ADMIN_SECTIONS;

export function isOtherAdminSection(value: string): value is OtherAdminSection {
  return Object.hasOwn(OTHER_ADMIN_SECTIONS, value);
}
