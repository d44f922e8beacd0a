import type { ExportSettings } from '#core/contract/exports';
import { apiErrorSchema } from '#core/contract/errors';
import { sessionAnswerSchema } from '#core/contract/user';
import { ApiError, apiRequest } from './api-client.ts';
import { markUnreachable } from './connectivity.ts';

/**
 * The exports of spec 1 §7. `settings` are the signed-in user's contact settings (language, time
 * zone, units, weight unit); the server writes headers, dates and weights with them.
 */
export type { ExportSettings };

function settingsQuery(settings: ExportSettings): URLSearchParams {
  // Only the four known keys, so a caller passing a wider object (the whole contact) sends no extras.
  const { language, timezone, units, unitsWeight } = settings;
  return new URLSearchParams({ language, timezone, units, unitsWeight });
}

/** The file name the server chose (Content-Disposition), else a dated default. */
function attachmentName(header: string | null, fallback: string): string {
  const match = header?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

/** Hands a blob to the browser's download: an object URL on a temporary link, released right after. */
function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: the click has started the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * `POST /api/organizations/{orgId}/loads-csv-export` and saves the CSV under the server's file name
 * ("loads-YYYY-MM-DD.csv"). `organizationId` is the active company; when omitted it is asked from
 * the session, so a company switched in another tab cannot export from the wrong one.
 * A refusal or a network failure throws `ApiError` (status 0 = no network).
 */
export async function downloadLoadsCsv(loadIds: number[], settings: ExportSettings, organizationId?: number): Promise<void> {
  const orgId = organizationId ?? (await apiRequest('/session', sessionAnswerSchema)).user?.activeOrganizationId;
  if (!orgId) throw new ApiError(401, null);
  let response: Response;
  try {
    response = await fetch(`/api/organizations/${orgId}/loads-csv-export?${settingsQuery(settings)}`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'text/csv, application/json' },
      body: JSON.stringify({ loadIds }),
    });
  } catch {
    markUnreachable();
    throw new ApiError(0, null);
  }
  if (!response.ok) {
    const parsed = apiErrorSchema.safeParse(await response.json().catch(() => null));
    throw new ApiError(response.status, parsed.success ? parsed.data.error : null);
  }
  saveBlob(await response.blob(), attachmentName(response.headers.get('Content-Disposition'), 'loads.csv'));
}

/**
 * The address of the delivery tickets PDF (one page per load) for a browser navigation or
 * `window.open`: the session cookie goes along, and the PDF opens in the browser's viewer.
 */
export function deliveryTicketsUrl(loadIds: number[], settings: ExportSettings): string {
  const query = settingsQuery(settings);
  query.set('orderIds', loadIds.join(','));
  return `/api/orders/delivery-tickets?${query}`;
}
