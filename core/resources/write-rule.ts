import { PAGE_RULES, type PageRule } from '#core/domain/access';
import type { ResourceWrites } from './resource.ts';

/**
 * Who may make a write of a record type: the write's own permission with its page's tier, feature and
 * carrier conditions, and the page's permissions too when the writes need the whole page (`needsPage`).
 * The server guards the record routes with it; the route matrix expects it.
 */
export function writeRule(writes: ResourceWrites, write: 'create' | 'edit' | 'delete'): PageRule {
  const permission = writes.permissions[write];
  const page: PageRule = writes.page ? PAGE_RULES[writes.page] : {};
  const permissions = writes.needsPage ? [...new Set([...(page.permissions ?? []), permission])] : [permission];
  return { ...page, permissions, anyPermission: undefined };
}
