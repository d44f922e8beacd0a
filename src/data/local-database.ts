import Dexie, { type EntityTable } from 'dexie';

interface KeyValueRow {
  key: string;
  value: string;
}

/** The app's IndexedDB: the persisted query cache (and, with the sync layer, the data mirror). */
class LocalDatabase extends Dexie {
  keyValue!: EntityTable<KeyValueRow, 'key'>;

  constructor() {
    super('dispatch');
    this.version(1).stores({ keyValue: 'key' });
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

export async function clearLocalData() {
  await localDatabase.keyValue.clear();
}
