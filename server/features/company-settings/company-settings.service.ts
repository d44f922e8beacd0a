import { eq, sql } from 'drizzle-orm';
import type { Company, CompanyUpdate } from '#core/contract/company';
import {
  type CompanySettings,
  showsStandardOnlySettings,
  STANDARD_ONLY_SETTINGS,
  withDefaultSettings,
} from '#core/domain/company-settings';
import type { Database, Queryable } from '#server/db/database';
import { organizations } from '#server/db/schema';
import { assertActiveOrganization, staleVersion } from '#server/resources/mirror-write';
import type { AuthContext } from '#server/plugins/auth';
import { notFound } from '#server/plugins/error-handler';
import type { RealtimePublisher } from '#server/plugins/realtime';

type OrganizationRow = typeof organizations.$inferSelect;

function toCompany(row: OrganizationRow): Company {
  return {
    id: row.id,
    name: row.name,
    language: row.language as Company['language'],
    timezone: row.timezone as Company['timezone'],
    units: row.units as Company['units'],
    unitsWeight: row.unitsWeight as Company['unitsWeight'],
    tier: row.tier,
    isCarrier: row.isCarrier,
    latitude: row.latitude,
    longitude: row.longitude,
    etaThresholdMinutes: row.etaThresholdMinutes,
    settings: withDefaultSettings(row.settings),
    version: row.version,
  };
}

async function organizationRow(db: Queryable, orgId: number, lock = false) {
  const query = db.select().from(organizations).where(eq(organizations.id, orgId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Organization');
  return row;
}

/** The active organization's settings, each completed with its default. */
export async function loadCompany(db: Database, auth: AuthContext, orgId: number): Promise<Company> {
  assertActiveOrganization(auth, orgId);
  return toCompany(await organizationRow(db, orgId));
}

/**
 * Saves the settings on their base version. A Freemium or carrier organization does not see the
 * Standard-only settings, so whatever it sends for them is ignored and the stored values stay. Once
 * committed, the organization's open clients are poked to read the company again.
 */
export async function updateCompany(
  db: Database,
  realtime: RealtimePublisher,
  auth: AuthContext,
  orgId: number,
  input: CompanyUpdate,
): Promise<Company> {
  assertActiveOrganization(auth, orgId);
  const company = await db.transaction(async (tx) => {
    const current = await organizationRow(tx, orgId, true);
    if (current.version !== input.version) throw staleVersion('company', toCompany(current));
    const stored = withDefaultSettings(current.settings);
    const editable = showsStandardOnlySettings(current);
    const settings: CompanySettings = { ...stored };
    for (const [key, value] of Object.entries(input.settings) as [keyof CompanySettings, unknown][]) {
      const standardOnly = (STANDARD_ONLY_SETTINGS as readonly string[]).includes(key);
      if (value !== undefined && (editable || !standardOnly)) Object.assign(settings, { [key]: value });
    }
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
        etaThresholdMinutes:
          editable && input.etaThresholdMinutes !== undefined ? input.etaThresholdMinutes : current.etaThresholdMinutes,
        settings: { ...current.settings, ...settings },
        version: sql`${organizations.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(organizations.id, orgId))
      .returning();
    if (!row) throw notFound('Organization');
    return toCompany(row);
  });
  realtime.publishCompanyChange({ id: company.id, version: company.version });
  return company;
}
