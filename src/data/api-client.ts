import type { z } from 'zod';
import { apiErrorSchema, type ApiErrorBody } from '#core/contract/errors';
import { markUnreachable } from './connectivity.ts';

/** A refused or failed API call. `status` 0 means the network never answered. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody['error'] | null,
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

type Listener = (error: ApiError) => void;
const unauthorizedListeners = new Set<Listener>();

/** The app shell subscribes to send the user to /login on any 401 (spec 1 §8). */
export function onUnauthorized(listener: Listener) {
  unauthorizedListeners.add(listener);
  return () => {
    unauthorizedListeners.delete(listener);
  };
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export async function apiRequest<Schema extends z.ZodType>(
  path: string,
  schema: Schema,
  options: RequestOptions = {},
): Promise<z.infer<Schema>> {
  const url = new URL(`/api${path}`, window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? 'GET',
      credentials: 'include',
      headers: {
        Accept: 'application/json',
        ...(options.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...options.headers,
      },
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    markUnreachable();
    throw new ApiError(0, null);
  }
  if (!response.ok) {
    const parsed = apiErrorSchema.safeParse(await response.json().catch(() => null));
    const error = new ApiError(response.status, parsed.success ? parsed.data.error : null);
    if (response.status === 401) for (const listener of unauthorizedListeners) listener(error);
    throw error;
  }
  if (response.status === 204) return schema.parse(undefined);
  return schema.parse(await response.json());
}
