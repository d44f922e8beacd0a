import type { z } from 'zod';
import { apiErrorSchema } from '#core/contract/errors';
import { ApiError, parseRetryAfter, reportUnauthorized } from './api-error.ts';
import { markUnreachable } from './connectivity.ts';

// Callers that parse answers anyway keep importing the error from here.
export { ApiError };

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
    const body = parsed.success ? parsed.data.error : null;
    const error = new ApiError(response.status, body, parseRetryAfter(response.headers.get('Retry-After')));
    if (response.status === 401) reportUnauthorized(error);
    throw error;
  }
  if (response.status === 204) return schema.parse(undefined);
  return schema.parse(await response.json());
}
