import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import {
  type CreatedServiceAccount,
  SERVICE_ACCOUNT_SCOPE_NAMES,
  SERVICE_ACCOUNT_SECRET_PREFIX,
  type ServiceAccount,
  type ParsedServiceAccountInput,
} from '#core/contract/service-accounts';
import type { Database } from '#server/db/database';
import { serviceAccounts } from '#server/db/schema';
import { assertActiveOrganization } from '#server/resources/mirror-write';
import { type AuthContext, hashToken } from '#server/plugins/auth';
import { notFound } from '#server/plugins/error-handler';

const columns = {
  id: serviceAccounts.id,
  organizationId: serviceAccounts.organizationId,
  name: serviceAccounts.name,
  scopes: serviceAccounts.scopes,
  createdAt: serviceAccounts.createdAt,
};

const toServiceAccount = (row: {
  id: number;
  organizationId: number;
  name: string;
  scopes: string[];
  createdAt: Date;
}): ServiceAccount => ({
  ...row,
  // Only known scopes are stored (serviceAccountInputSchema); the order is the list's.
  scopes: SERVICE_ACCOUNT_SCOPE_NAMES.filter((scope) => row.scopes.includes(scope)),
  createdAt: row.createdAt.toISOString(),
});

/** The organization's service accounts still in force, oldest first. */
export async function listServiceAccounts(db: Database, auth: AuthContext, orgId: number): Promise<ServiceAccount[]> {
  assertActiveOrganization(auth, orgId);
  const rows = await db
    .select(columns)
    .from(serviceAccounts)
    .where(and(eq(serviceAccounts.organizationId, orgId), isNull(serviceAccounts.revokedAt)))
    .orderBy(asc(serviceAccounts.createdAt), asc(serviceAccounts.id));
  return rows.map(toServiceAccount);
}

/** Creates an account with a new secret, answered this once; only its SHA-256 is stored. */
export async function createServiceAccount(
  db: Database,
  auth: AuthContext,
  orgId: number,
  input: ParsedServiceAccountInput,
): Promise<CreatedServiceAccount> {
  assertActiveOrganization(auth, orgId);
  const secret = `${SERVICE_ACCOUNT_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
  const [row] = await db
    .insert(serviceAccounts)
    .values({ organizationId: orgId, name: input.name, scopes: input.scopes, secretHash: hashToken(secret) })
    .returning(columns);
  if (!row) throw notFound('Service account');
  return { ...toServiceAccount(row), secret };
}

/** Revokes the account: its secret answers 401 from the next request on. Revoking twice is not found. */
export async function revokeServiceAccount(db: Database, auth: AuthContext, orgId: number, id: number) {
  assertActiveOrganization(auth, orgId);
  const revoked = await db
    .update(serviceAccounts)
    .set({ revokedAt: new Date() })
    .where(and(eq(serviceAccounts.id, id), eq(serviceAccounts.organizationId, orgId), isNull(serviceAccounts.revokedAt)))
    .returning({ id: serviceAccounts.id });
  if (!revoked.length) throw notFound('Service account');
}
