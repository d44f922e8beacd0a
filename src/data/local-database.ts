import Dexie, { type EntityTable } from 'dexie';
import type { Order, OrderInput } from '#core/contract/orders';
import { LOCAL_DATABASE_NAME } from './session-presence.ts';

interface KeyValueRow {
  key: string;
  value: string;
}

/** A reference-list row as the change feed delivers it (contract shape, keyed by id). */
export interface MirrorRow {
  id: number;
  [field: string]: unknown;
}

/** The user's attempted change the server refused as stale, kept so it can be re-applied. */
export interface ConflictRow {
  id?: number;
  loadId: number;
  label: string;
  attempted: OrderInput;
  serverVersion: number;
  at: string;
}

/**
 * The app's IndexedDB: the persisted query cache, the mirror of everything the change feed
 * delivered (readable offline), and the outbox's bookkeeping.
 */
class LocalDatabase extends Dexie {
  keyValue!: EntityTable<KeyValueRow, 'key'>;
  orders!: EntityTable<Order, 'id'>;
  customers!: EntityTable<MirrorRow, 'id'>;
  locations!: EntityTable<MirrorRow, 'id'>;
  tractors!: EntityTable<MirrorRow, 'id'>;
  trailers!: EntityTable<MirrorRow, 'id'>;
  drivers!: EntityTable<MirrorRow, 'id'>;
  cargoTypes!: EntityTable<MirrorRow, 'id'>;
  carriers!: EntityTable<MirrorRow, 'id'>;
  downtime!: EntityTable<MirrorRow, 'id'>;
  users!: EntityTable<MirrorRow, 'id'>;
  contacts!: EntityTable<MirrorRow, 'id'>;
  loadingTeams!: EntityTable<MirrorRow, 'id'>;
  notificationConfigs!: EntityTable<MirrorRow, 'id'>;
  conflicts!: EntityTable<ConflictRow, 'id'>;

  constructor() {
    super(LOCAL_DATABASE_NAME);
    this.version(1).stores({ keyValue: 'key' });
    // Orders are indexed for the table filters: date, status, driver. (IndexedDB cannot index
    // booleans, so the draft flag is filtered while reading a date range.)
    this.version(2).stores({
      keyValue: 'key',
      orders: 'id, date, status, transportedByUserId',
      customers: 'id',
      locations: 'id',
      tractors: 'id',
      trailers: 'id',
      drivers: 'id',
      cargoTypes: 'id',
      carriers: 'id',
      conflicts: '++id, loadId',
    });
    // Downtime of tractors, trailers and drivers, read per resource by the panels that mark who is down.
    this.version(3).stores({ downtime: 'id, [resourceType+resourceId]' });
    // The administration tables of users, contacts and loading teams (only fed to who may view them).
    this.version(4).stores({ users: 'id', contacts: 'id', loadingTeams: 'id' });
    // Notification configurations (only fed to who may view them).
    this.version(5).stores({ notificationConfigs: 'id' });
  }
}

export const localDatabase = new LocalDatabase();

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
