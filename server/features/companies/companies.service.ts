import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  CARGO_COVERAGE_RULE,
  CARRIER_LINK_LOCKED_RULE,
  type CargoConfig,
  type CarrierLinkInput,
  type CompanyCarrierLink,
  type CompanyProfile,
  type CompanyProfileInput,
  type CompanyProfileUpdate,
} from '#core/contract/companies';
import { ERROR_CODES } from '#core/contract/errors';
import { type FeatureName, hasPermission } from '#core/domain/access';
import { cargoCoverageProblems, type LinkedCompanyCargo } from '#core/domain/master-data/cargo-coverage';
import { carrierFlagFor } from '#core/domain/master-data/companies';
import type { Database, Queryable } from '#server/db/database';
import {
  cargoTypes,
  carrierLinks,
  features,
  organizationCargoTypes,
  organizationFeatures,
  organizations,
} from '#server/db/schema';
import { type RecordMirrorChanges, mirrorWrite, staleVersion } from '#server/resources/mirror-write';
import { cargoTypeColumns, withCargoBasis } from '#server/features/reference-lists/reference-lists.service';
import type { AuthContext } from '#server/plugins/auth';
import { badRequest, HttpError, notFound } from '#server/plugins/error-handler';
import type { RealtimePublisher } from '#server/plugins/realtime';

/**
 * Company administration for platform administrators (all-companies access): any company of the
 * platform, not only the active one. Tier and carrier flag change only with CreateCompany.
 */

type OrganizationRow = typeof organizations.$inferSelect;

function toProfile(row: OrganizationRow): CompanyProfile {
  return {
    id: row.id,
    name: row.name,
    language: row.language as CompanyProfile['language'],
    timezone: row.timezone as CompanyProfile['timezone'],
    units: row.units as CompanyProfile['units'],
    unitsWeight: row.unitsWeight as CompanyProfile['unitsWeight'],
    latitude: row.latitude,
    longitude: row.longitude,
    tier: row.tier,
    isCarrier: row.isCarrier,
    version: row.version,
  };
}

async function organizationRow(db: Queryable, orgId: number, lock = false) {
  const query = db.select().from(organizations).where(eq(organizations.id, orgId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Organization');
  return row;
}

const mayChooseTier = (auth: AuthContext) => hasPermission(auth, 'CreateCompany');

export async function loadCompanyProfile(db: Queryable, orgId: number): Promise<CompanyProfile> {
  return toProfile(await organizationRow(db, orgId));
}

export async function createCompany(db: Database, auth: AuthContext, input: CompanyProfileInput): Promise<CompanyProfile> {
  const tier = mayChooseTier(auth) ? input.tier : 'Freemium';
  const [row] = await db
    .insert(organizations)
    .values({
      name: input.name,
      language: input.language,
      timezone: input.timezone,
      units: input.units,
      unitsWeight: input.unitsWeight,
      latitude: input.latitude,
      longitude: input.longitude,
      tier,
      isCarrier: mayChooseTier(auth) && carrierFlagFor(tier, input.isCarrier),
    })
    .returning();
  if (!row) throw new Error('organization insert returned nothing');
  return toProfile(row);
}

/** Saves the company on its base version; a stale one answers 409 with the stored company. */
export async function updateCompanyProfile(
  db: Database,
  realtime: RealtimePublisher,
  auth: AuthContext,
  orgId: number,
  input: CompanyProfileUpdate,
): Promise<CompanyProfile> {
  const company = await db.transaction(async (tx) => {
    const current = await organizationRow(tx, orgId, true);
    if (current.version !== input.version) throw staleVersion('company', toProfile(current));
    const tier = mayChooseTier(auth) ? input.tier : current.tier;
    const isCarrier = mayChooseTier(auth) ? carrierFlagFor(tier, input.isCarrier, current.isCarrier) : current.isCarrier;
    const [row] = await tx
      .update(organizations)
      .set({
        name: input.name,
        language: input.language,
        timezone: input.timezone,
        units: input.units,
        unitsWeight: input.unitsWeight,
        latitude: input.latitude,
        longitude: input.longitude,
        tier,
        isCarrier,
        version: sql`${organizations.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(organizations.id, orgId))
      .returning();
    if (!row) throw notFound('Organization');
    return toProfile(row);
  });
  // The company's open clients read their user again: name, tier and carrier flag decide their pages.
  realtime.publishCompanyChange({ id: company.id, version: company.version });
  return company;
}

/** The feature catalogue with whether the company has each switched on. */
export async function listCompanyFeatures(db: Queryable, orgId: number) {
  await organizationRow(db, orgId);
  const rows = await db
    .select({
      id: features.id,
      name: features.name,
      description: features.description,
      enabled: sql<boolean>`${organizationFeatures.featureId} is not null`,
    })
    .from(features)
    .leftJoin(
      organizationFeatures,
      and(eq(organizationFeatures.featureId, features.id), eq(organizationFeatures.organizationId, orgId)),
    )
    .orderBy(asc(features.id));
  return rows.map((row) => ({ ...row, name: row.name as FeatureName }));
}

/**
 * Switches a feature on or off. Access is resolved per request from these rows (plugins/auth.ts), so
 * the company's users get the changed pages with their next request; a change also counts as a new
 * version of the company and pokes its open clients (`organizations:update`), which read their user
 * again, so their menus change at once.
 */
export async function setCompanyFeature(
  db: Database,
  realtime: RealtimePublisher,
  toggle: { orgId: number; featureId: number; enabled: boolean },
  unknownFeature: () => HttpError,
) {
  const { orgId, featureId, enabled } = toggle;
  const version = await db.transaction(async (tx) => {
    await organizationRow(tx, orgId, true);
    const [feature] = await tx.select({ id: features.id }).from(features).where(eq(features.id, featureId));
    if (!feature) throw unknownFeature();
    const changed = enabled
      ? await tx
          .insert(organizationFeatures)
          .values({ organizationId: orgId, featureId })
          .onConflictDoNothing()
          .returning({ featureId: organizationFeatures.featureId })
      : await tx
          .delete(organizationFeatures)
          .where(and(eq(organizationFeatures.organizationId, orgId), eq(organizationFeatures.featureId, featureId)))
          .returning({ featureId: organizationFeatures.featureId });
    return changed.length ? bumpVersion(tx, orgId) : null;
  });
  if (version !== null) realtime.publishCompanyChange({ id: orgId, version });
  return listCompanyFeatures(db, orgId);
}

async function bumpVersion(tx: Queryable, orgId: number): Promise<number> {
  const [row] = await tx
    .update(organizations)
    .set({ version: sql`${organizations.version} + 1`, updatedAt: new Date() })
    .where(eq(organizations.id, orgId))
    .returning({ version: organizations.version });
  if (!row) throw notFound('Organization');
  return row.version;
}

async function offeredCargoTypeIds(db: Queryable, orgIds: number[]): Promise<Map<number, number[]>> {
  const byOrganization = new Map<number, number[]>(orgIds.map((id) => [id, []]));
  if (!orgIds.length) return byOrganization;
  const rows = await db
    .select({ organizationId: organizationCargoTypes.organizationId, cargoTypeId: organizationCargoTypes.cargoTypeId })
    .from(organizationCargoTypes)
    .where(inArray(organizationCargoTypes.organizationId, orgIds))
    .orderBy(asc(organizationCargoTypes.cargoTypeId));
  for (const row of rows) byOrganization.get(row.organizationId)?.push(row.cargoTypeId);
  return byOrganization;
}

/** The companies linked to `orgId` on either side of a carrier link, with their cargo types. */
async function linkedCompaniesCargo(db: Queryable, orgId: number) {
  const links = await db
    .select({
      organizationId: carrierLinks.organizationId,
      carrierOrganizationId: carrierLinks.carrierOrganizationId,
    })
    .from(carrierLinks)
    .where(sql`${carrierLinks.organizationId} = ${orgId} or ${carrierLinks.carrierOrganizationId} = ${orgId}`);
  const clientIds = links.filter((link) => link.carrierOrganizationId === orgId).map((link) => link.organizationId);
  const carrierIds = links.filter((link) => link.organizationId === orgId).map((link) => link.carrierOrganizationId);
  const ids = [...new Set([...clientIds, ...carrierIds])];
  const names = ids.length
    ? await db
        .select({ id: organizations.id, name: organizations.name })
        .from(organizations)
        .where(inArray(organizations.id, ids))
    : [];
  const cargo = await offeredCargoTypeIds(db, ids);
  const linked = (id: number): CargoConfig['clients'][number] => ({
    organizationId: id,
    name: names.find((row) => row.id === id)?.name ?? '',
    cargoTypeIds: cargo.get(id) ?? [],
  });
  const byName = (a: LinkedCompanyCargo, b: LinkedCompanyCargo) => a.name.localeCompare(b.name);
  return { clients: clientIds.map(linked).sort(byName), carriers: carrierIds.map(linked).sort(byName) };
}

export async function loadCargoConfig(db: Queryable, orgId: number): Promise<CargoConfig> {
  await organizationRow(db, orgId);
  const catalogue = await db.select(cargoTypeColumns).from(cargoTypes).orderBy(asc(cargoTypes.category), asc(cargoTypes.label));
  const selected = await offeredCargoTypeIds(db, [orgId]);
  return {
    cargoTypes: catalogue.map(withCargoBasis),
    selectedIds: selected.get(orgId) ?? [],
    ...(await linkedCompaniesCargo(db, orgId)),
  };
}

/**
 * Replaces the cargo types a company is offered, refused (422 `cargoCoverage`, one issue per linked
 * company) when the selection breaks a carrier coverage rule. Added and removed types reach the
 * company's mirror through the change feed.
 */
export async function saveCargoConfig(
  db: Database,
  realtime: RealtimePublisher,
  orgId: number,
  cargoTypeIds: number[],
): Promise<CargoConfig> {
  const wanted = [...new Set(cargoTypeIds)];
  await mirrorWrite(db, realtime, async (tx, record) => {
    await organizationRow(tx, orgId, true);
    const known = wanted.length
      ? await tx.select({ id: cargoTypes.id }).from(cargoTypes).where(inArray(cargoTypes.id, wanted))
      : [];
    const unknown = cargoTypeIds.flatMap((id, index) => (known.some((row) => row.id === id) ? [] : [index]));
    if (unknown.length) throw badRequest(unknown.map((index) => ({ path: `body.${index}`, message: 'unknown cargo type' })));
    const problems = cargoCoverageProblems(wanted, await linkedCompaniesCargo(tx, orgId));
    if (problems.length)
      throw new HttpError(422, ERROR_CODES.ruleViolation, 'The cargo types break the carrier coverage rules', {
        rule: CARGO_COVERAGE_RULE,
        issues: problems.map((problem) => ({
          path: `${problem.kind}.${problem.organizationId}`,
          message: problem.cargoTypeIds.join(','),
        })),
      });
    const stored = (await offeredCargoTypeIds(tx, [orgId])).get(orgId) ?? [];
    const added = wanted.filter((id) => !stored.includes(id));
    const removed = stored.filter((id) => !wanted.includes(id));
    if (added.length)
      await tx.insert(organizationCargoTypes).values(added.map((cargoTypeId) => ({ organizationId: orgId, cargoTypeId })));
    if (removed.length)
      await tx
        .delete(organizationCargoTypes)
        .where(and(eq(organizationCargoTypes.organizationId, orgId), inArray(organizationCargoTypes.cargoTypeId, removed)));
    await record([
      ...added.map((id) => ({ entity: 'cargoType' as const, id, op: 'upsert' as const, organizationIds: [orgId] })),
      ...removed.map((id) => ({ entity: 'cargoType' as const, id, op: 'delete' as const, organizationIds: [orgId] })),
    ]);
  });
  return loadCargoConfig(db, orgId);
}

export async function listCompanyCarriers(db: Queryable, orgId: number): Promise<CompanyCarrierLink[]> {
  await organizationRow(db, orgId);
  return db
    .select({
      id: carrierLinks.id,
      organizationId: carrierLinks.organizationId,
      carrierOrganizationId: carrierLinks.carrierOrganizationId,
      name: organizations.name,
      isActive: carrierLinks.isActive,
      loadDriver: carrierLinks.loadDriver,
      loadTractor: carrierLinks.loadTractor,
      loadTrailer: carrierLinks.loadTrailer,
      version: carrierLinks.version,
    })
    .from(carrierLinks)
    .innerJoin(organizations, eq(organizations.id, carrierLinks.carrierOrganizationId))
    .where(eq(carrierLinks.organizationId, orgId))
    .orderBy(asc(organizations.name));
}

/**
 * A new carrier must carry every cargo type the company is offered (spec 2 §5, the rule the cargo
 * types dialog keeps): else 422 `cargoCoverage`, one issue per carrier naming the cargo types it lacks.
 * The carriers' rows are share-locked so that a carrier's cargo save waits for this link, and sees it.
 */
async function assertNewCarriersCoverCargo(tx: Queryable, orgId: number, carrierIds: number[]) {
  if (!carrierIds.length) return;
  const names = await tx
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(inArray(organizations.id, carrierIds))
    .for('share');
  const cargo = await offeredCargoTypeIds(tx, [orgId, ...carrierIds]);
  const carriers = carrierIds.map((id) => ({
    organizationId: id,
    name: names.find((row) => row.id === id)?.name ?? '',
    cargoTypeIds: cargo.get(id) ?? [],
  }));
  const problems = cargoCoverageProblems(cargo.get(orgId) ?? [], { clients: [], carriers });
  if (!problems.length) return;
  const labels = await tx
    .select({ id: cargoTypes.id, label: cargoTypes.label })
    .from(cargoTypes)
    .where(inArray(cargoTypes.id, [...new Set(problems.flatMap((problem) => problem.cargoTypeIds))]));
  const label = (id: number) => labels.find((row) => row.id === id)?.label ?? String(id);
  const sentences = problems.map((problem) => `${problem.name} does not carry: ${problem.cargoTypeIds.map(label).join(', ')}`);
  throw new HttpError(
    422,
    ERROR_CODES.ruleViolation,
    `A carrier must carry every cargo type of the company. ${sentences.join('. ')}`,
    {
      rule: CARGO_COVERAGE_RULE,
      issues: problems.map((problem) => ({
        path: `${problem.kind}.${problem.organizationId}`,
        message: problem.cargoTypeIds.join(','),
      })),
    },
  );
}

/**
 * Saves every carrier link of a company (spec 2 §5): each names another carrier company once; a saved
 * link stays (422 `carrierLinkLocked` when left out: links cannot be un-enabled) and is updated on its
 * base version (409 with the stored links); a new one is inserted as sent.
 */
export async function saveCompanyCarriers(
  db: Database,
  realtime: RealtimePublisher,
  orgId: number,
  input: CarrierLinkInput[],
): Promise<CompanyCarrierLink[]> {
  await mirrorWrite(db, realtime, async (tx, record) => {
    await organizationRow(tx, orgId, true);
    const wantedIds = [...new Set(input.map((link) => link.carrierOrganizationId))];
    const carriers = wantedIds.length
      ? await tx
          .select({ id: organizations.id })
          .from(organizations)
          .where(and(inArray(organizations.id, wantedIds), eq(organizations.isCarrier, true)))
      : [];
    const issues = input.flatMap((link, index) => {
      const path = `body.${index}.carrierOrganizationId`;
      if (link.carrierOrganizationId === orgId) return [{ path, message: 'a company is not its own carrier' }];
      if (!carriers.some((row) => row.id === link.carrierOrganizationId)) return [{ path, message: 'not a carrier company' }];
      if (input.findIndex((other) => other.carrierOrganizationId === link.carrierOrganizationId) !== index)
        return [{ path, message: 'carrier listed twice' }];
      return [];
    });
    if (issues.length) throw badRequest(issues);
    const stored = await tx.select().from(carrierLinks).where(eq(carrierLinks.organizationId, orgId)).for('update');
    const dropped = stored.filter((link) => !wantedIds.includes(link.carrierOrganizationId));
    if (dropped.length)
      throw new HttpError(422, ERROR_CODES.ruleViolation, 'A saved carrier link cannot be removed; deactivate it instead', {
        rule: CARRIER_LINK_LOCKED_RULE,
        issues: dropped.map((link) => ({ path: 'body', message: String(link.carrierOrganizationId) })),
      });
    const addedIds = wantedIds.filter((id) => !stored.some((link) => link.carrierOrganizationId === id));
    await assertNewCarriersCoverCargo(tx, orgId, addedIds);
    const changes: Parameters<RecordMirrorChanges>[0] = [];
    for (const link of input) {
      const values = {
        isActive: link.isActive,
        loadDriver: link.loadDriver,
        loadTractor: link.loadTractor,
        loadTrailer: link.loadTrailer,
      };
      const saved = stored.find((row) => row.carrierOrganizationId === link.carrierOrganizationId);
      if (saved && saved.version !== link.version) throw staleVersion('carrier links', await listCompanyCarriers(tx, orgId));
      const unchanged = saved && Object.entries(values).every(([key, value]) => saved[key as keyof typeof values] === value);
      if (unchanged) continue;
      const [row] = saved
        ? await tx
            .update(carrierLinks)
            .set({ ...values, version: sql`${carrierLinks.version} + 1`, updatedAt: new Date() })
            .where(eq(carrierLinks.id, saved.id))
            .returning({ id: carrierLinks.id })
        : await tx
            .insert(carrierLinks)
            .values({ ...values, organizationId: orgId, carrierOrganizationId: link.carrierOrganizationId })
            .returning({ id: carrierLinks.id });
      if (row) changes.push({ entity: 'carrier', id: row.id, op: 'upsert', organizationIds: [orgId] });
    }
    await record(changes);
  });
  return listCompanyCarriers(db, orgId);
}
