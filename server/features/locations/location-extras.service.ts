import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  IMAGE_ISSUES,
  type LocationImage,
  type LocationImageUpload,
  type locationThroughputBodySchema,
} from '#core/contract/locations';
import type { ThroughputRule } from '#core/contract/planning';
import { isJpeg, MAX_LOCATION_IMAGE_BYTES, MAX_LOCATION_IMAGES } from '#core/domain/master-data/locations';
import type { Queryable, Transaction } from '#server/db/database';
import { locationImages, locations, throughputRules } from '#server/db/schema';
import { listThroughputRules } from '#server/features/travel-times/travel-times.service';
import type { AuthContext } from '#server/plugins/auth';
import { badRequest, notFound } from '#server/plugins/error-handler';

/**
 * A location's images (spec 2 §7, stored in PostgreSQL so a restart loses none) and its throughput
 * rules (spec 2 §5), both under `/organizations/{orgId}/locations/{id}/…`.
 */

/** The location of the active organization, locked for a write; another organization's is not found. */
export async function ownLocation(tx: Queryable, auth: AuthContext, id: number, lock = false) {
  const query = tx
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.id, id), eq(locations.organizationId, auth.organizationId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Location');
  return row.id;
}

const JPEG_DATA_URL = /^data:image\/(jpeg|jpg);base64,([A-Za-z0-9+/]+={0,2})$/;

/** The bytes of an uploaded image, or the issue refusing it (not a JPEG by type or by bytes, too large). */
function imageBytes(upload: LocationImageUpload): Buffer | keyof typeof IMAGE_ISSUES {
  const match = JPEG_DATA_URL.exec(upload.blob);
  if (!match || !/^image\/(jpeg|jpg)$/.test(upload.type)) return 'notJpeg';
  const bytes = Buffer.from(match[2] as string, 'base64');
  if (bytes.length > MAX_LOCATION_IMAGE_BYTES) return 'tooLarge';
  return isJpeg(bytes) ? bytes : 'notJpeg';
}

const asDataUrl = (type: string, data: Buffer) => `data:${type};base64,${data.toString('base64')}`;

export async function listLocationImages(db: Queryable, auth: AuthContext, locationId: number): Promise<LocationImage[]> {
  await ownLocation(db, auth, locationId);
  const rows = await db
    .select()
    .from(locationImages)
    .where(eq(locationImages.locationId, locationId))
    .orderBy(asc(locationImages.id));
  return rows.map((row) => ({ id: row.id, type: row.type, blob: asDataUrl(row.type, row.data) }));
}

/** Adds images: all or none, refused (400, nothing stored) if one is not a JPEG, too large, or the location would hold more than five. */
export async function addLocationImages(tx: Transaction, auth: AuthContext, locationId: number, uploads: LocationImageUpload[]) {
  await ownLocation(tx, auth, locationId, true);
  const issues: { path: string; message: string }[] = [];
  const decoded = uploads.map((upload, index) => {
    const bytes = imageBytes(upload);
    if (typeof bytes === 'string') {
      const limit = bytes === 'tooLarge' ? ` (at most ${MAX_LOCATION_IMAGE_BYTES / 1024 / 1024} MB)` : '';
      issues.push({ path: `body.${index}`, message: `${IMAGE_ISSUES[bytes]}${limit}` });
      return null;
    }
    return bytes;
  });
  const [held] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(locationImages)
    .where(eq(locationImages.locationId, locationId));
  if ((held?.count ?? 0) + uploads.length > MAX_LOCATION_IMAGES) {
    issues.push({ path: 'body', message: `${IMAGE_ISSUES.tooMany} (at most ${MAX_LOCATION_IMAGES})` });
  }
  if (issues.length) throw badRequest(issues);
  const rows = await tx
    .insert(locationImages)
    .values(
      decoded.map((data) => ({ organizationId: auth.organizationId, locationId, type: 'image/jpeg', data: data as Buffer })),
    )
    .returning();
  return rows.map((row) => ({ id: row.id, type: row.type, blob: asDataUrl(row.type, row.data) }));
}

export async function deleteLocationImage(tx: Transaction, auth: AuthContext, locationId: number, imageId: number) {
  await ownLocation(tx, auth, locationId, true);
  const deleted = await tx
    .delete(locationImages)
    .where(and(eq(locationImages.id, imageId), eq(locationImages.locationId, locationId)))
    .returning({ id: locationImages.id });
  if (!deleted.length) throw notFound('Image');
}

/** The location's own rules, as the stop-time calculation reads them (`GET /api/throughput`). */
export async function locationThroughput(db: Queryable, auth: AuthContext, locationId: number): Promise<ThroughputRule[]> {
  await ownLocation(db, auth, locationId);
  return (await listThroughputRules(db, auth)).filter((rule) => rule.locationId === locationId);
}

/** Replaces the location's rules with the rows given (the form drops empty rows before sending). */
export async function replaceLocationThroughput(
  tx: Transaction,
  auth: AuthContext,
  locationId: number,
  rows: z.output<typeof locationThroughputBodySchema>,
) {
  await ownLocation(tx, auth, locationId, true);
  await tx.delete(throughputRules).where(eq(throughputRules.locationId, locationId));
  if (rows.length) {
    await tx.insert(throughputRules).values(
      rows.map((row) => ({
        organizationId: auth.organizationId,
        locationId,
        stopType: row.stopType,
        cargoTypeId: row.cargoTypeId,
        baselineLoadingMinutes: row.baselineLoadingMinutes,
        cargoUnitsPerMinute: row.cargoUnitsPerMinute,
        weightPerMinuteGrams: row.weightPerMinute,
      })),
    );
  }
  return locationThroughput(tx, auth, locationId);
}
