import type { LoadingTeamInput, LoadingTeamRecord } from '#core/contract/people';
import { isPlausibleEmail } from '#core/domain/master-data/index';

/** A loading team's form values (spec 2 §3): members are user ids, as the multi-select holds them. */
export interface LoadingTeamValues {
  name: string;
  email: string;
  userIds: string[];
}

export function loadingTeamValues(team: LoadingTeamRecord | null): LoadingTeamValues {
  return { name: team?.name ?? '', email: team?.email ?? '', userIds: team?.users.map((user) => String(user.id)) ?? [] };
}

export function loadingTeamErrors(values: LoadingTeamValues) {
  const email = values.email.trim();
  return { name: values.name.trim() === '', email: email !== '' && !isPlausibleEmail(email) };
}

export function loadingTeamInput(values: LoadingTeamValues): LoadingTeamInput {
  return { name: values.name.trim(), email: values.email.trim() || null, userIds: values.userIds.map(Number) };
}

/** A member as the table lists it: the name, else the email. */
export function memberName(member: LoadingTeamRecord['users'][number]): string {
  return [member.firstName, member.lastName].filter(Boolean).join(' ') || member.email || String(member.id);
}
