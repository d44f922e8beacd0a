import type { ChangeEntity } from '#core/contract/change-feed';
import { RESOURCE_KINDS } from '#core/resources/resource-list';
import type { Queryable } from '#server/db/database';
import type { AuthContext } from '#server/plugins/auth';

/**
 * How the change feed reads each kind's rows: registered by the feature that owns the kind when its
 * routes are registered, so the feed imports no feature. The app refuses to start with a declared
 * kind (core/resources) that no feature loads.
 */
export type FeedRowLoader = (db: Queryable, auth: AuthContext, ids: number[]) => Promise<{ id: number }[]>;

const loaders = new Map<ChangeEntity, FeedRowLoader>();

/** Registers what the feed answers for `kind`: its rows by id as the caller may see them (an id left out is a deletion). */
export function registerFeedLoader(kind: ChangeEntity, loader: FeedRowLoader) {
  loaders.set(kind, loader);
}

export function feedLoaderOf(kind: ChangeEntity): FeedRowLoader {
  const loader = loaders.get(kind);
  if (!loader) throw new Error(`No feature registered a feed loader for ${kind}`);
  return loader;
}

/** The declared kinds without a loader: none once every feature has registered its routes. */
export function kindsWithoutFeedLoader(): ChangeEntity[] {
  return RESOURCE_KINDS.filter((kind) => !loaders.has(kind));
}

/** A loader from a list of everything the caller sees (small lists: master data of one organization). */
export const fromList =
  (list: (db: Queryable, auth: AuthContext) => Promise<{ id: number }[]>): FeedRowLoader =>
  async (db, auth, ids) => {
    const wanted = new Set(ids);
    return (await list(db, auth)).filter((row) => wanted.has(row.id));
  };

/** The organization's own rows, then those of other organizations its carried loads name. */
export const ownOrCarried =
  (own: FeedRowLoader, carried: FeedRowLoader): FeedRowLoader =>
  async (db, auth, ids) => [...(await own(db, auth, ids)), ...(await carried(db, auth, ids))];
