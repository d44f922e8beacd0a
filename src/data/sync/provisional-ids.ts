/**
 * Real ids of records created on this device, by store and provisional (negative) id. A store's
 * provisional ids are its own: a customer and a load made in the same millisecond never mix.
 * Persisted in `keyValue` so a reload keeps them; loads keep the key older builds wrote
 * (`outbox.id.<provisional>`), so their queued changes still find their loads' real ids.
 */
export class ProvisionalIds {
  private readonly ids = new Map<string, number>();
  private readonly provisional = new Map<string, number>();

  /** The `keyValue` key of a store's provisional id. */
  static storageKey(store: string, provisionalId: number) {
    return store === 'orders' ? `outbox.id.${provisionalId}` : `outbox.id.${store}.${provisionalId}`;
  }

  /** Reads back the pairs `storageKey` wrote (other `outbox.` keys are ignored). */
  restore(rows: readonly { key: string; value: string }[]) {
    for (const { key, value } of rows) {
      const parts = key.split('.');
      if (parts[0] !== 'outbox' || parts[1] !== 'id') continue;
      const [store, id] = parts.length === 3 ? ['orders', parts[2]] : [parts[2], parts[3]];
      if (store && id !== undefined && Number.isFinite(Number(id))) this.set(store, Number(id), Number(value));
    }
  }

  set(store: string, provisionalId: number, realId: number) {
    this.ids.set(`${store}:${provisionalId}`, realId);
    this.provisional.set(`${store}:${realId}`, provisionalId);
  }

  /** The provisional id a real id replaced: later changes of the record join the queue its first ones are in. */
  provisionalOf(store: string, realId: number): number | undefined {
    return this.provisional.get(`${store}:${realId}`);
  }

  get(store: string, provisionalId: number): number | undefined {
    return this.ids.get(`${store}:${provisionalId}`);
  }

  /** The id to send or show: a provisional id once its record exists on the server, else the id itself. */
  resolve(store: string, id: number): number {
    return id < 0 ? (this.get(store, id) ?? id) : id;
  }
}
