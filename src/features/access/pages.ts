import type { PageKey } from '#core/domain/access';
import type { AdminGroup } from '#core/resources/resource';
import { RESOURCES, type WritableResource } from '#core/resources/resource-list';
import { type AdminSectionEntry, MAIN_PAGES, OTHER_ADMIN_SECTIONS } from './page-links.ts';

export { MAIN_PAGES, type PageLink } from './page-links.ts';

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

/** Administration sub-pages by URL segment under /manage-company (spec 2 §2): the record types' and the others. */
export const ADMIN_SECTIONS = { ...RESOURCE_SECTIONS, ...OTHER_ADMIN_SECTIONS } as const;

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
