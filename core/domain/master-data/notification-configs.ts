/**
 * Notification configuration rules (spec 2 §4–5): a configuration tells its contacts of one event
 * type, narrowed by filters that only mean something for that type, so choosing another type
 * starts without filters.
 */

/** Spec 2 §4: a new configuration starts on event type 5. */
export const DEFAULT_NOTIFICATION_EVENT_TYPE_ID = 5;

/** The filters of a configuration; null is no filter (every one matches). */
export const NOTIFICATION_CONFIG_FILTERS = [
  'stopCargoTypeIds',
  'trailerCargoTypeIds',
  'destinationSiteIds',
  'originSiteIds',
  'customerIds',
] as const;
export type NotificationConfigFilter = (typeof NOTIFICATION_CONFIG_FILTERS)[number];
export type NotificationConfigFilters = Record<NotificationConfigFilter, number[] | null>;

export const NO_NOTIFICATION_FILTERS: NotificationConfigFilters = {
  stopCargoTypeIds: null,
  trailerCargoTypeIds: null,
  destinationSiteIds: null,
  originSiteIds: null,
  customerIds: null,
};

/** Spec 2 §4: changing the event type resets every filter to null; the same type keeps them. */
export function withEventType<Config extends NotificationConfigFilters & { notificationEventTypeId: number }>(
  config: Config,
  notificationEventTypeId: number,
): Config {
  if (config.notificationEventTypeId === notificationEventTypeId) return config;
  return { ...config, ...NO_NOTIFICATION_FILTERS, notificationEventTypeId };
}

/** Spec 2 §5: at least one contact, else "notification configuration required contacts". */
export function notificationContactsProblem(contactIds: readonly number[]): 'contactsRequired' | null {
  return contactIds.length === 0 ? 'contactsRequired' : null;
}

/** An empty filter list narrows nothing: it is stored as no filter. */
export const filterOrNull = (ids: readonly number[] | null | undefined): number[] | null => (ids?.length ? [...ids] : null);
