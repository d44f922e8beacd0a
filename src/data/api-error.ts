import type { ApiErrorBody } from '#core/contract/errors';

/**
 * A refused or failed API call. `status` 0 means the network never answered. Kept apart from
 * `api-client.ts` (which parses with zod) so the sign-in screen and the query client can recognise
 * API errors without downloading the contract's schemas.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody['error'] | null,
    /** When the answer said to ask again (`Retry-After`, as seconds from now). */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(body?.message ?? (status === 0 ? 'Network unavailable' : `HTTP ${status}`));
  }

  get isNetworkError() {
    return this.status === 0;
  }

  /** A final refusal: resending the same request cannot succeed (OFFLINE-NOTES: retry rule). */
  get isDefinitive() {
    // "Still being handled" means the first copy of this request is running: asking again later gets its answer.
    if (this.body?.rule === 'requestInProgress') return false;
    return this.status >= 400 && this.status < 500 && this.status !== 408 && this.status !== 429;
  }
}

/** A `Retry-After` header, given in seconds or as an HTTP date, as seconds from now. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

type Listener = (error: ApiError) => void;
const unauthorizedListeners = new Set<Listener>();

/** The signed-in layout subscribes to send the user to /login on any 401 (spec 1 §8). */
export function onUnauthorized(listener: Listener) {
  unauthorizedListeners.add(listener);
  return () => {
    unauthorizedListeners.delete(listener);
  };
}

export function reportUnauthorized(error: ApiError) {
  for (const listener of unauthorizedListeners) listener(error);
}

const REASON_BY_CODE: Record<string, string> = {
  bad_request: 'badRequest',
  unauthenticated: 'unauthenticated',
  forbidden: 'forbidden',
  foreign_origin: 'forbidden',
  not_found: 'notFound',
  conflict: 'conflict',
  rule_violation: 'ruleViolation',
  too_many_requests: 'tooManyRequests',
  internal: 'internal',
};

/** Refusals whose rule says more than their code's reason, by rule. */
const REASON_BY_RULE = new Map([
  ['dayAlreadyPast', 'common:errors.rules.dayAlreadyPast'],
  // Said by the outbox itself: a queued change naming a load or record whose create was refused.
  ['provisionalLoadRefused', 'common:errors.rules.provisionalRecordRefused'],
  ['provisionalRecordRefused', 'common:errors.rules.provisionalRecordRefused'],
]);

/**
 * Why a call failed, as a key of namespace common chosen by the error's rule when it has words of its
 * own, else by its code, so the user reads one message in their language instead of the server's
 * English text. The keys, for the extractor: t('common:errors.rules.dayAlreadyPast'),
 * t('common:errors.rules.provisionalRecordRefused'),
 * t('common:errors.reasons.badRequest'), t('common:errors.reasons.unauthenticated'),
 * t('common:errors.reasons.forbidden'), t('common:errors.reasons.notFound'),
 * t('common:errors.reasons.conflict'), t('common:errors.reasons.ruleViolation'),
 * t('common:errors.reasons.tooManyRequests'), t('common:errors.reasons.internal'),
 * t('common:errors.reasons.network'), t('common:errors.unexpected').
 */
export function errorReasonKey(error: unknown): string {
  if (!(error instanceof ApiError)) return 'common:errors.unexpected';
  if (error.isNetworkError) return 'common:errors.reasons.network';
  const ruleReason = error.body?.rule ? REASON_BY_RULE.get(error.body.rule) : undefined;
  if (ruleReason) return ruleReason;
  const reason = error.body ? REASON_BY_CODE[error.body.code] : error.status >= 500 ? 'internal' : undefined;
  return reason ? `common:errors.reasons.${reason}` : 'common:errors.unexpected';
}
