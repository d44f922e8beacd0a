import { eq } from 'drizzle-orm';
import type { Language } from '#core/domain/locale';
import type { Queryable } from '#server/db/database';
import { contacts, roles, userRoles, users } from '#server/db/schema';

export interface NewUser {
  organizationId: number;
  username: string;
  email: string | null;
  language?: Language;
  role?: string;
  enabled?: boolean;
}

/**
 * A user without a password and its contact, written straight into the database: what the admin
 * user form (another slice) will create, for the onboarding tests until then.
 */
export async function insertUserWithoutPassword(db: Queryable, user: NewUser): Promise<number> {
  const [contact] = await db
    .insert(contacts)
    .values({
      organizationId: user.organizationId,
      name: `New ${user.username}`,
      email: user.email,
      language: user.language ?? 'en-US',
      interactiveUser: true,
    })
    .returning({ id: contacts.id });
  if (!contact) throw new Error('no contact inserted');
  const [row] = await db
    .insert(users)
    .values({
      organizationId: user.organizationId,
      username: user.username,
      name: `New ${user.username}`,
      contactId: contact.id,
      enabled: user.enabled ?? true,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('no user inserted');
  const [role] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(eq(roles.name, user.role ?? 'Dispatcher'));
  if (!role) throw new Error(`no role ${user.role}`);
  await db.insert(userRoles).values({ userId: row.id, roleId: role.id });
  return row.id;
}
