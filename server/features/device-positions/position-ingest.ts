import type { FastifyBaseLogger } from 'fastify';
import type { DevicePositionInput } from '#core/contract/device-positions';
import type { DeviceLocationEvent } from '#core/contract/realtime';
import type { Database } from '#server/db/database';
import type { RealtimePublisher } from '#server/plugins/realtime';
import { createDeviceDirectory, DEVICE_CHECK_MS } from './device-directory.ts';
import {
  assertNotInFuture,
  type LoadLinker,
  type PositionPoster,
  type PositionRequest,
  type StoredFix,
  storePositionRequests,
} from './device-positions.service.ts';

/** One organization's kept fixes of a group commit, oldest first per device, handed to what derives meaning from them. */
export interface StoredFixBatch {
  organizationId: number;
  fixes: StoredFix[];
}

/** Derives from fixes after they are stored (live tracking: geofence visits, stop progress). */
export type StoredFixListener = (batch: StoredFixBatch) => Promise<void>;

/**
 * The one way fixes come in (the JSON route, the OsmAnd protocol, the demo simulator): stored, the
 * request answered, the latest positions pushed on the socket, then handed to every registered
 * listener. Features register listeners, so ingest imports none of them. A listener's failure is
 * retried, then logged: the fixes are stored and the device must still be answered 2xx, or a phone
 * app resends the same backlog for good.
 */
export interface PositionIngest {
  ingest(poster: PositionPoster, fixes: readonly DevicePositionInput[]): Promise<{ stored: number; latestMoved: number }>;
  /** `saveHeld` is called on close, once the listener has seen every batch: whatever it keeps in memory is saved. */
  onStored(listener: StoredFixListener, saveHeld?: () => Promise<void>): void;
  /** Live tracking says which load each device is on; without it fixes are stored with no load. */
  linkLoadsWith(linker: LoadLinker): void;
  /** Resolves once the listeners have seen every batch stored so far (what a test reads derived state after). */
  settled(): Promise<void>;
  /** Stores what is queued and pushes what is buffered, then stops the timers (app close). */
  close(): Promise<void>;
}

export interface PositionIngestTuning {
  /** Group commit: the longest a request's fixes wait for others to share their insert (ms). */
  commitDelayMs: number;
  /** Group commit: this many queued fixes are stored at once without waiting. */
  commitRows: number;
  /**
   * Group commits running at once: while some wait on PostgreSQL (and its WAL flush) the next
   * requests gather into another. Their rows are written in device order, so they cannot deadlock.
   * More at once means smaller commits: at four, a fleet's one-fix requests went in commits of about
   * 15 rows and cost the server and PostgreSQL a third more CPU per fix than at two (bench `ingest`).
   * At one they cost a quarter less than at two (80 + 43 against 97 + 63 ms per 1,000), but each
   * request then waits for the commit running when it came: p99 phones 180–187 ms against 150–168,
   * gateway batches 168–188 against 101–122 (8,000 a second, two runs each).
   */
  commitsInFlight: number;
  /**
   * Socket: each organization's moved latest positions go out as one array at most this often (ms).
   * A fix's way to a browser's marker is this wait, then the browser's own batch (250 ms): at 200, with 500 there, the
   * p95 sat at 0.9–1.1 s of the 1 s goal with 5,000 devices reporting (bench `ingest`).
   */
  pushIntervalMs: number;
  /** Per device: fixes stored individually in a burst (a full backlog batch), then `fixesPerSecond`. */
  burstFixes: number;
  fixesPerSecond: number;
  /**
   * Listeners run after the answer: past this many fixes handed to them and not yet seen, requests
   * are answered only once the listeners catch up, so a slow listener slows the devices down rather
   * than growing memory without bound.
   */
  listenerBacklogFixes: number;
  /**
   * Batches of one organization queued while its listeners were busy are handed over together, up to
   * this many fixes; a larger one is handed over in parts of whole devices. A listener's work on a
   * part runs without yielding, which holds every request's answer meanwhile (about 20 µs a fix): at
   * 1,000 such a hold of 20 ms was a step in the phones' p99 at 8,000 a second (bench `ingest`).
   */
  listenerBatchFixes: number;
  /** A listener that throws is given the same batch again this many times in all, `listenerRetryMs` apart (growing). */
  listenerAttempts: number;
  listenerRetryMs: number;
  /** Enabled devices are cached by identifier and checked against the change log this often (ms). */
  deviceCheckMs: number;
}

/**
 * 1,000 fixes of burst is a whole backlog batch (POSITION_BATCH_MAX) sent after hours offline; 5 a
 * second sustained is far above what the phone apps send (one every few seconds at their most
 * eager, 300 s by default) yet keeps a broken or hostile device from filling the table.
 */
export const POSITION_INGEST_TUNING: PositionIngestTuning = {
  commitDelayMs: 4,
  commitRows: 2000,
  commitsInFlight: 2,
  pushIntervalMs: 100,
  burstFixes: 1000,
  fixesPerSecond: 5,
  listenerBacklogFixes: 20_000,
  listenerBatchFixes: 250,
  listenerAttempts: 3,
  listenerRetryMs: 100,
  deviceCheckMs: DEVICE_CHECK_MS,
};

/**
 * Per-device token bucket. Over the limit a fix is not refused (the app would resend it forever) nor
 * stored individually; the newest of each request still moves the latest position and reaches the
 * listeners, so a flood costs one upsert per request and never hides where the device is.
 */
export function createDeviceRateLimit(tuning: Pick<PositionIngestTuning, 'burstFixes' | 'fixesPerSecond'>, now = Date.now) {
  const buckets = new Map<number, { tokens: number; at: number }>();
  return (deviceId: number, wanted: number): number => {
    const time = now();
    const bucket = buckets.get(deviceId) ?? { tokens: tuning.burstFixes, at: time };
    bucket.tokens = Math.min(tuning.burstFixes, bucket.tokens + ((time - bucket.at) / 1000) * tuning.fixesPerSecond);
    bucket.at = time;
    const granted = Math.max(0, Math.min(wanted, Math.floor(bucket.tokens)));
    bucket.tokens -= granted;
    buckets.set(deviceId, bucket);
    return granted;
  };
}

interface QueuedRequest extends PositionRequest {
  resolve: (answer: { stored: number; latestMoved: number }) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: requests queue their fixes; one flush stores everything queued in one statement
 * (after `commitDelayMs`, at once past `commitRows` or while other flushes run, up to
 * `commitsInFlight` at a time), and each request is answered once its fixes are committed. One
 * transaction per request tops out far below what a fleet sends.
 * Listeners run after the answer, each organization's fixes in commit order (organizations side by
 * side; what queued meanwhile handed over together), so a device's answer never waits on derived
 * state; they see every fix, a failed batch retried, and past `listenerBacklogFixes` unseen fixes
 * answers wait for them.
 * Socket pushes are coalesced the same way: the @socket.io/postgres-adapter NOTIFYs every emit to
 * every node, so each organization gets one array of its newest positions per `pushIntervalMs`.
 */
export function createPositionIngest(
  db: Database,
  realtime: RealtimePublisher,
  log: FastifyBaseLogger,
  tuning: PositionIngestTuning = POSITION_INGEST_TUNING,
): PositionIngest {
  const listeners: StoredFixListener[] = [];
  const heldSavers: (() => Promise<void>)[] = [];
  let linkLoads: LoadLinker | undefined;
  const admit = createDeviceRateLimit(tuning);
  const lookupDevices = createDeviceDirectory(db, tuning.deviceCheckMs);

  let queue: QueuedRequest[] = [];
  let queuedFixes = 0;
  /** The group commits running; replaced, never deleted from (see `unpushed`). */
  let committing: Promise<void>[] = [];
  let commitTimer: NodeJS.Timeout | null = null;
  /**
   * Per organization, the batches waiting for the listeners and the run handing them over, one at a
   * time (null when none runs). Entries stay: a long-lived map that keeps deleting and adding gets
   * new tables in old space, and what the old ones held was promoted with them (see `unpushed`).
   */
  const listening = new Map<number, { waiting: StoredFix[][]; run: Promise<void> | null }>();
  /** Fixes handed to the listeners and not yet seen by all of them. */
  let unseenFixes = 0;
  let caughtUp: { promise: Promise<void>; resolve: () => void } | null = null;

  let unpushed = new Map<number, Map<number, DeviceLocationEvent>>();
  let pushTimer: NodeJS.Timeout | null = null;

  function push() {
    pushTimer = null;
    const pushing = unpushed;
    // A new map, not clear(): V8 gives a cleared map long in old space its new table there too, and
    // links the old table to it, so every position buffered since stayed reachable to the young
    // generation's collector: all were promoted. This alone cut what the server promoted at 8,000
    // positions a second by 42 % (heap sampling, bench `ingest`).
    unpushed = new Map();
    for (const [organizationId, latest] of pushing) realtime.publishDeviceLocations(organizationId, [...latest.values()]);
  }

  function bufferPush(organizationId: number, locations: DeviceLocationEvent[]) {
    const latest = unpushed.get(organizationId) ?? new Map<number, DeviceLocationEvent>();
    for (const location of locations) latest.set(location.deviceId, location);
    unpushed.set(organizationId, latest);
    pushTimer ??= setTimeout(push, tuning.pushIntervalMs);
  }

  async function deliver(listener: StoredFixListener, batch: StoredFixBatch) {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await listener(batch);
        return;
      } catch (error) {
        if (attempt >= tuning.listenerAttempts) {
          log.error({ err: error, organizationId: batch.organizationId }, 'device positions: a listener failed on stored fixes');
          return;
        }
        log.warn({ err: error, attempt }, 'device positions: a listener failed on stored fixes, trying again');
        await new Promise((resolve) => setTimeout(resolve, tuning.listenerRetryMs * attempt));
      }
    }
  }

  /**
   * What queued while the listeners worked goes as one batch (one derivation transaction for many
   * group commits). A stable sort by device keeps each device's fixes in the order they would have
   * been seen batch by batch.
   */
  function nextBatch(waiting: StoredFix[][]): StoredFix[] {
    let taken = 0;
    let size = 0;
    while (taken < waiting.length && (taken === 0 || size + (waiting[taken]?.length ?? 0) <= tuning.listenerBatchFixes)) {
      size += waiting[taken]?.length ?? 0;
      taken += 1;
    }
    const parts = waiting.splice(0, taken);
    return parts.length === 1 ? (parts[0] as StoredFix[]) : parts.flat().sort((a, b) => a.deviceId - b.deviceId);
  }

  /** A batch sorted by device cut into parts of at most `listenerBatchFixes`, never between two fixes of one device. */
  function partsOf(fixes: StoredFix[]): StoredFix[][] {
    if (fixes.length <= tuning.listenerBatchFixes) return [fixes];
    const parts: StoredFix[][] = [];
    let start = 0;
    while (start < fixes.length) {
      let end = Math.min(start + tuning.listenerBatchFixes, fixes.length);
      while (end < fixes.length && end > start && fixes[end]?.deviceId === fixes[end - 1]?.deviceId) end -= 1;
      // One device with more fixes than a part: all of them, together.
      if (end === start) {
        end = start + 1;
        while (end < fixes.length && fixes[end]?.deviceId === fixes[start]?.deviceId) end += 1;
      }
      parts.push(fixes.slice(start, end));
      start = end;
    }
    return parts;
  }

  async function handOver(organizationId: number, queued: { waiting: StoredFix[][]; run: Promise<void> | null }) {
    while (queued.waiting.length) {
      const fixes = nextBatch(queued.waiting);
      for (const part of partsOf(fixes)) {
        for (const listener of listeners) await deliver(listener, { organizationId, fixes: part });
      }
      unseenFixes -= fixes.length;
      if (caughtUp && unseenFixes <= tuning.listenerBacklogFixes) {
        caughtUp.resolve();
        caughtUp = null;
      }
    }
    queued.run = null;
  }

  function handToListeners(batch: StoredFixBatch) {
    if (!listeners.length) return;
    unseenFixes += batch.fixes.length;
    let queued = listening.get(batch.organizationId);
    if (!queued) {
      queued = { waiting: [], run: null };
      listening.set(batch.organizationId, queued);
    }
    queued.waiting.push(batch.fixes);
    // handOver awaits its listeners before it ends, so `run` is set here before it clears it.
    queued.run ??= handOver(batch.organizationId, queued);
  }

  /** Resolves at once unless the listeners are more than `listenerBacklogFixes` behind. */
  function listenersKeepingUp(): Promise<void> {
    if (unseenFixes <= tuning.listenerBacklogFixes) return Promise.resolve();
    if (!caughtUp) {
      let resolve = () => {};
      const promise = new Promise<void>((done) => {
        resolve = done;
      });
      caughtUp = { promise, resolve };
    }
    return caughtUp.promise;
  }

  async function settled() {
    for (;;) {
      const runs = [...listening.values()].flatMap((queued) => (queued.run ? [queued.run] : []));
      if (!runs.length) return;
      await Promise.all(runs);
    }
  }

  function schedule() {
    if (committing.length >= tuning.commitsInFlight || !queue.length) return;
    if (queuedFixes >= tuning.commitRows || committing.length) void commit();
    else commitTimer ??= setTimeout(() => void commit(), tuning.commitDelayMs);
  }

  async function commit() {
    if (commitTimer) clearTimeout(commitTimer);
    commitTimer = null;
    if (!queue.length) return;
    const batch = queue;
    queue = [];
    queuedFixes = 0;
    const done = (async () => {
      try {
        const { outcomes, moved, fixes } = await storePositionRequests(db, batch, { linkLoads, admit, lookupDevices });
        for (const [organizationId, locations] of moved) bufferPush(organizationId, locations);
        for (const [organizationId, kept] of fixes) handToListeners({ organizationId, fixes: kept });
        // Committed (durably: the statement is its own transaction): the answer waits on listeners only when they fall behind.
        await listenersKeepingUp();
        batch.forEach((request, index) => {
          const outcome = outcomes[index];
          if (!outcome?.ok) request.reject(outcome?.error ?? new Error('device positions: no outcome'));
          else request.resolve({ stored: outcome.stored, latestMoved: outcome.latestMoved });
        });
      } catch (error) {
        for (const request of batch) request.reject(error);
      }
    })();
    committing = [...committing, done];
    await done;
    committing = committing.filter((running) => running !== done);
    // What queued during this commit has waited long enough: it goes now.
    schedule();
  }

  return {
    linkLoadsWith: (linker) => {
      linkLoads = linker;
    },
    onStored: (listener, saveHeld) => {
      listeners.push(listener);
      if (saveHeld) heldSavers.push(saveHeld);
    },
    settled,
    ingest(poster, fixes) {
      assertNotInFuture(fixes);
      if (!fixes.length) return Promise.resolve({ stored: 0, latestMoved: 0 });
      return new Promise((resolve, reject) => {
        queue.push({ poster, fixes, resolve, reject });
        queuedFixes += fixes.length;
        schedule();
      });
    },
    async close() {
      while (committing.length || queue.length) await (committing.length ? Promise.all(committing) : commit());
      await settled();
      for (const saveHeld of heldSavers) {
        try {
          await saveHeld();
        } catch (error) {
          log.error({ err: error }, 'device positions: what a listener held was not saved on close');
        }
      }
      if (pushTimer) clearTimeout(pushTimer);
      push();
    },
  };
}
