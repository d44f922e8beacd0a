/**
 * The free-text search typed in each table, kept while the app runs, so that going from the loads
 * to the drafts and back finds the search as it was left. Keyed by user and company: another
 * sign-in or a company switch does not inherit it. A reload starts afresh.
 */
const searches = new Map<string, string>();

function searchKey(userId: number, organizationId: number, table: 'loads' | 'drafts') {
  return `${userId}/${organizationId}/${table}`;
}

export function rememberedSearch(userId: number, organizationId: number, table: 'loads' | 'drafts'): string {
  return searches.get(searchKey(userId, organizationId, table)) ?? '';
}

export function rememberSearch(userId: number, organizationId: number, table: 'loads' | 'drafts', search: string) {
  searches.set(searchKey(userId, organizationId, table), search);
}
