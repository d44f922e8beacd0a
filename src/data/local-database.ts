import Dexie, { type EntityTable } from 'dexie';
import type { OrderInput } from '#core/contract/orders';
import { RESOURCES, type ResourceStore, type RowOfStore, type WritableStore } from '#core/resources/resource-list';
import { LOCAL_DATABASE_NAME } from './session-presence.ts';

interface KeyValueRow {
  key: string;
  value: string;
}

/** The user's attempted change the server refused as stale, kept so it can be re-applied: a load's or a record's. */
export type ConflictRow = {
  id?: number;
  label: string;
  serverVersion: number;
  at: string;
} & (
  | { loadId: number; attempted: OrderInput; record?: undefined }
  | { record: { store: WritableStore; organizationId: number; id: number }; attempted: unknown; loadId?: undefined }
);

/** One typed table per declared record type (core/resources), named by its store. */
type MirrorTables = { [Store in ResourceStore]: EntityTable<RowOfStore<Store>, 'id'> };

/** Each declared record type's store: keyed by id, with the indexes its declaration names. */
const MIRROR_STORES = Object.fromEntries(
  RESOURCES.map((resource) => [resource.store, ['id', ...('indexes' in resource ? resource.indexes : [])].join(', ')]),
);

/**
 * The app's IndexedDB: the persisted query cache, the mirror of everything the change feed
 * delivered (readable offline, one store per record type) and the outbox's bookkeeping.
 */
class LocalDatabase extends Dexie {
  keyValue!: EntityTable<KeyValueRow, 'key'>;
  conflicts!: EntityTable<ConflictRow, 'id'>;

  constructor() {
    super(LOCAL_DATABASE_NAME);
    // Dexie 4 upgrades a changed schema without a new version number: a record type declared later
    // gets its store on the next open. Versions are only needed for data migrations.
    this.version(6).stores({ keyValue: 'key', conflicts: '++id, loadId', ...MIRROR_STORES });
  }
}

// Dexie sets a property per declared store; the mapped type names them with their rows.
export const localDatabase = new LocalDatabase() as LocalDatabase & MirrorTables;

/** The AsyncStorage interface the TanStack persister expects, over IndexedDB (no 5 MB localStorage cap). */
export const indexedDbStorage = {
  getItem: async (key: string) => (await localDatabase.keyValue.get(key))?.value ?? null,
  setItem: async (key: string, value: string) => {
    await localDatabase.keyValue.put({ key, value });
  },
  removeItem: async (key: string) => {
    await localDatabase.keyValue.delete(key);
  },
};

/** Sign-out and company switches start from nothing: no other user's or company's rows stay behind. */
export async function clearLocalData() {
  await localDatabase.transaction('rw', localDatabase.tables, async () => {
    await Promise.all(localDatabase.tables.map((table) => table.clear()));
  });
}

/** The weeks opened beyond the current and next one, most recent first (sync/mirror-window.ts). */
export const OPENED_WEEKS_KEY = 'sync.window.opened';

/** Only the mirror, its cursor and its window, keeping the saved query cache (and its queued writes). */
export async function clearMirror() {
  const mirrorTables = localDatabase.tables.filter((table) => table.name !== 'keyValue');
  await localDatabase.transaction('rw', [...mirrorTables, localDatabase.keyValue], async () => {
    await Promise.all(mirrorTables.map((table) => table.clear()));
    await localDatabase.keyValue.bulkDelete(['sync.cursor', 'sync.lastSyncedAt', 'sync.scope', OPENED_WEEKS_KEY]);
  });
}
