/**
 * What the automation bridge puts on `window.dispatchAutomation` once `localStorage['dispatch.automation']`
 * is 'on': the chaos harness (test/e2e/chaos) queues load changes through it exactly as the buttons do.
 * Plain types only, so the harness can import them without the app.
 */
export interface AutomationLoad {
  id: number;
  label: string;
  version: number;
  status: string;
  isDraft: boolean;
  transportedByUserId: number | null;
  /** The first stop's notes, where the harness's edits append their tokens. */
  notes: string | null;
}

export interface AutomationRefusal {
  idempotencyKey: string;
  label: string;
  reason: string;
  conflict: boolean;
}

export interface DispatchAutomation {
  /**
   * The loads as the table shows them (mirror rows with the queued changes laid over), of these ids,
   * Merged ones left out; each under the id asked for (a provisional id stays valid once the load is created).
   */
  loads(ids: number[]): Promise<AutomationLoad[]>;
  /** The enabled drivers a load may be given. */
  driverIds(): Promise<number[]>;
  /** Each queues one change as its button does and answers the change's idempotency key (null: the load is not shown). */
  appendNote(loadId: number, token: string): Promise<string | null>;
  assignDriver(loadId: number, driverId: number): Promise<string | null>;
  /** Also answers the merged draft's provisional id, which `loads` and the other calls accept until and after it is created. */
  merge(loadIds: number[]): Promise<{ key: string; mergedId: number } | null>;
  remove(loadId: number): Promise<string | null>;
  /** Whether every one of these changes has left the queue or is stored on this device (the queue is saved within 100 ms). */
  kept(keys: string[]): Promise<boolean>;
  /** Idempotency keys of the changes still queued or in flight. */
  queuedKeys(): string[];
  /** The refusals stored on this device (conflicts included). */
  refusals(): Promise<AutomationRefusal[]>;
  /** The labels of the conflicts waiting under "Changes to re-apply". */
  conflictLabels(): Promise<string[]>;
}

declare global {
  interface Window {
    dispatchAutomation?: DispatchAutomation;
  }
}
