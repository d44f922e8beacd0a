import {
  type ContactPreference,
  NOTIFICATION_EVENT_TYPES,
  type NotificationEventType,
  PREFERENCE_CHANNELS,
} from '#core/contract/people';

/**
 * A contact's notification preferences as the dialog edits them (spec 2 §4): system event types
 * (for API integrators) and not-yet-implemented ones are not shown; the system ones the contact
 * holds are sent back untouched, the others are never sent.
 */
export type PreferenceChannel = (typeof PREFERENCE_CHANNELS)[number];
type ShownEventType = Extract<NotificationEventType, { system: false; nyi: false }>;
export type ShownEventKey = ShownEventType['key'];

const isShown = (type: NotificationEventType): type is ShownEventType => !type.system && !type.nyi;
export const SHOWN_EVENT_TYPES: readonly ShownEventType[] = NOTIFICATION_EVENT_TYPES.filter(isShown);

/** The dialog's groups, in order; every shown event type is in one. */
export const EVENT_TYPE_GROUPS = {
  stops: [1, 2, 3, 4, 5, 6, 7, 8],
  stopUpdates: [14, 15, 16],
  sites: [9, 10],
  maintenance: [11],
} as const satisfies Record<string, readonly ShownEventType['id'][]>;
export type EventTypeGroup = keyof typeof EVENT_TYPE_GROUPS;

/** A choice is `eventTypeId:channel`. */
export const preferenceKey = (eventTypeId: number, channel: PreferenceChannel) => `${eventTypeId}:${channel}`;

const shownIds = new Set<number>(SHOWN_EVENT_TYPES.map((type) => type.id));

/** The shown choices of what the server answered. */
export function shownSelection(preferences: readonly ContactPreference[]): Set<string> {
  return new Set(
    preferences
      .filter((preference) => shownIds.has(preference.notificationEventTypeId))
      .map((preference) => preferenceKey(preference.notificationEventTypeId, preference.notificationType)),
  );
}

export function toggled(selection: ReadonlySet<string>, key: string): Set<string> {
  const next = new Set(selection);
  if (next.has(key)) next.delete(key);
  else next.add(key);
  return next;
}

/** The all or none toggle of one channel. */
export function withChannel(selection: ReadonlySet<string>, channel: PreferenceChannel, all: boolean): Set<string> {
  const next = new Set(selection);
  for (const type of SHOWN_EVENT_TYPES) {
    const key = preferenceKey(type.id, channel);
    if (all) next.add(key);
    else next.delete(key);
  }
  return next;
}

export function channelState(selection: ReadonlySet<string>, channel: PreferenceChannel): 'all' | 'none' | 'some' {
  const chosen = SHOWN_EVENT_TYPES.filter((type) => selection.has(preferenceKey(type.id, channel))).length;
  return chosen === 0 ? 'none' : chosen === SHOWN_EVENT_TYPES.length ? 'all' : 'some';
}

/** The body to post: the shown choices plus the system preferences as the server answered them. */
export function preferencesBody(selection: ReadonlySet<string>, answered: readonly ContactPreference[]): ContactPreference[] {
  const kept = answered.filter((preference) =>
    NOTIFICATION_EVENT_TYPES.some((type) => type.id === preference.notificationEventTypeId && type.system),
  );
  const chosen = SHOWN_EVENT_TYPES.flatMap((type) =>
    PREFERENCE_CHANNELS.filter((channel) => selection.has(preferenceKey(type.id, channel))).map((channel) => ({
      notificationEventTypeId: type.id,
      notificationType: channel,
    })),
  );
  return [...chosen, ...kept];
}
