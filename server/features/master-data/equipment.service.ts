import { and, count, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tractor, Trailer, tractorInputSchema, trailerInputSchema } from '#core/contract/master-data';
import { tierRank } from '#core/domain/access';
import {
  carrierEquipmentEditing,
  firstDuplicateCargoType,
  isValidMaxCargoWeight,
  MIN_MAX_CARGO_WEIGHT,
} from '#core/domain/master-data/index';
import { WEIGHT_UNIT_ABBREVIATIONS } from '#core/domain/units';
import type { Queryable, Transaction } from '#server/db/database';
import { cargoTypes, carrierLinks, devices, downtimes, orders, tractors, trailers } from '#server/db/schema';
import { userWeightUnit } from '#server/features/orders/orders.service';
import { listTractors, listTrailers, toTractor, toTrailer } from '#server/features/reference-lists/reference-lists.service';
import { fromList } from '#server/features/sync/feed-loaders';
import type { AuthContext } from '#server/plugins/auth';
import { badRequest, forbidden } from '#server/plugins/error-handler';
import type { RecordStore } from '#server/resources/resource-routes';
import type { RecordMirrorChanges } from '#server/resources/mirror-write';

type TractorFields = z.output<typeof tractorInputSchema>;
type TrailerFields = z.output<typeof trailerInputSchema>;
export type EquipmentKind = 'tractor' | 'trailer';

/**
 * Tractors and trailers (spec 2 §3, §5, §6). Weight, cargo and contract are Standard-tier fields: a
 * Freemium organization's writes leave them as stored (defaults on create). A carrier organization
 * edits a kind only while its clients take that kind from it (`carrierEquipmentEditing`).
 */

const isStandard = (auth: AuthContext) => tierRank(auth.organization.tier) >= tierRank('Standard');

/** A Standard-tier field: the value given (null clears it) for a Standard organization, else what is kept. */
const standardField =
  (auth: AuthContext) =>
  <Value>(given: Value | undefined, kept: Value) =>
    isStandard(auth) && given !== undefined ? given : kept;

/** 403 when the active organization is a carrier whose clients do not let it edit this kind. */
export async function assertMayEditEquipment(db: Queryable, auth: AuthContext, kind: EquipmentKind) {
  if (!auth.organization.isCarrier) return;
  const clients = await db
    .select({ loadTractor: carrierLinks.loadTractor, loadTrailer: carrierLinks.loadTrailer })
    .from(carrierLinks)
    .where(and(eq(carrierLinks.carrierOrganizationId, auth.organizationId), eq(carrierLinks.isActive, true)));
  const editing = carrierEquipmentEditing(true, clients);
  if (!(kind === 'tractor' ? editing.canEditTractors : editing.canEditTrailers)) {
    throw forbidden(`Your carrier clients keep their own ${kind}s, so ${kind}s cannot be edited here`);
  }
}

function tractorValues(auth: AuthContext, input: TractorFields, stored?: typeof tractors.$inferSelect) {
  const keep = standardField(auth);
  return {
    userDisplayName: input.userDisplayName,
    vinNumber: input.vinNumber || null,
    licensePlate: input.licensePlate || null,
    make: input.make || null,
    model: input.model || null,
    enabled: input.enabled,
    contract: keep(input.contract, stored?.contract ?? false),
    weightGrams: keep(input.weight, stored?.weightGrams ?? null),
  };
}

/** Downtime goes with its resource: its deletions are recorded before the cascade removes the rows. */
export async function recordDowntimeDeletions(tx: Transaction, record: RecordMirrorChanges, orgId: number, where: SQL) {
  const rows = await tx.select({ id: downtimes.id }).from(downtimes).where(where);
  await record(rows.map((row) => ({ entity: 'downtime' as const, id: row.id, op: 'delete' as const, organizationIds: [orgId] })));
}

/**
 * Tractors, written through the record routes (server/resources). A delete is refused (409 `inUse`)
 * while a load or a driver's default names it (it can be disabled instead); its downtime goes with it.
 */
export const tractorStore: RecordStore<Tractor, TractorFields> = {
  table: tractors,
  noun: 'tractor',
  toRow: (stored) => toTractor(stored as typeof tractors.$inferSelect) as Tractor,
  values: (input, { auth, stored }) =>
    tractorValues(auth, input, (stored ?? undefined) as typeof tractors.$inferSelect | undefined),
  authorize: (tx, auth) => assertMayEditEquipment(tx, auth, 'tractor'),
  beforeDelete: (tx, id, record, orgId) => recordDowntimeDeletions(tx, record, orgId, eq(downtimes.tractorId, id)),
  uses: async (tx, id) => {
    const [loads] = await tx.select({ count: count() }).from(orders).where(eq(orders.tractorId, id));
    return { order: loads?.count ?? 0 };
  },
  feed: fromList(listTractors),
};

// ── Trailers ─────────────────────────────────────────────────────────────────────────────────────

/**
 * The Standard-tier rules the contract cannot check alone: max cargo weight of at least 2 in the
 * user's weight unit, and each cargo type at most once (named by its label).
 */
async function assertTrailerRules(tx: Queryable, auth: AuthContext, values: ReturnType<typeof trailerValues>) {
  // The reference check already made it the organization's; a phone cannot be a trailer's device.
  if (values.deviceId !== null) {
    const [device] = await tx.select({ kind: devices.kind }).from(devices).where(eq(devices.id, values.deviceId));
    if (device?.kind !== 'trailer') throw badRequest([{ path: 'body.deviceId', message: 'not a trailer device' }]);
  }
  if (!isStandard(auth)) return;
  const unit = await userWeightUnit(tx, auth);
  if (!isValidMaxCargoWeight(values.maxCargoWeightGrams, unit)) {
    const message =
      values.maxCargoWeightGrams === null ? 'required' : `at least ${MIN_MAX_CARGO_WEIGHT} ${WEIGHT_UNIT_ABBREVIATIONS[unit]}`;
    throw badRequest([{ path: 'body.maxCargoWeight', message }]);
  }
  const duplicate = firstDuplicateCargoType(values.trailerCargoTypes);
  if (duplicate) {
    const [cargoType] = await tx
      .select({ label: cargoTypes.label })
      .from(cargoTypes)
      .where(eq(cargoTypes.id, duplicate.cargoTypeId));
    throw badRequest([
      {
        path: `body.trailerCargoTypes.${duplicate.index}.cargoTypeId`,
        message: `duplicate cargo type ${cargoType?.label ?? duplicate.cargoTypeId}`,
      },
    ]);
  }
}

function trailerValues(auth: AuthContext, input: TrailerFields, stored?: typeof trailers.$inferSelect) {
  const keep = standardField(auth);
  return {
    userDisplayName: input.userDisplayName,
    vinNumber: input.vinNumber || null,
    licensePlate: input.licensePlate || null,
    enabled: input.enabled,
    contract: keep(input.contract, stored?.contract ?? false),
    weightGrams: keep(input.weight, stored?.weightGrams ?? null),
    maxCargoWeightGrams: keep(input.maxCargoWeight, stored?.maxCargoWeightGrams ?? null),
    trailerCargoTypes: keep(input.trailerCargoTypes, stored?.trailerCargoTypes ?? []),
    deviceId: input.deviceId === undefined ? (stored?.deviceId ?? null) : input.deviceId,
  };
}

/** How many trailers name the device as theirs: a device is not deleted while one does. */
export async function trailersNamingDevice(tx: Queryable, deviceId: number) {
  const [row] = await tx.select({ count: count() }).from(trailers).where(eq(trailers.deviceId, deviceId));
  return row?.count ?? 0;
}

/**
 * Trailers, written through the record routes (server/resources). A delete is refused (409 `inUse`)
 * while a load or a driver's default names it (it can be disabled instead); its downtime goes with it.
 */
export const trailerStore: RecordStore<Trailer, TrailerFields> = {
  table: trailers,
  noun: 'trailer',
  toRow: (stored) => toTrailer(stored as typeof trailers.$inferSelect) as Trailer,
  values: (input, { auth, stored }) =>
    trailerValues(auth, input, (stored ?? undefined) as typeof trailers.$inferSelect | undefined),
  authorize: (tx, auth) => assertMayEditEquipment(tx, auth, 'trailer'),
  check: (tx, auth, _input, _current, values) => assertTrailerRules(tx, auth, values as ReturnType<typeof trailerValues>),
  beforeDelete: (tx, id, record, orgId) => recordDowntimeDeletions(tx, record, orgId, eq(downtimes.trailerId, id)),
  uses: async (tx, id) => {
    const [loads] = await tx.select({ count: count() }).from(orders).where(eq(orders.trailerId, id));
    return { order: loads?.count ?? 0 };
  },
  feed: fromList(listTrailers),
};
