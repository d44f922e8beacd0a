import type { NotificationConfigInput, NotificationConfigRecord } from '#core/contract/notification-configs';
import { NOTIFICATION_EVENT_TYPES, type NotificationEventType } from '#core/contract/people';
import {
  DEFAULT_NOTIFICATION_EVENT_TYPE_ID,
  filterOrNull,
  NOTIFICATION_CONFIG_FILTERS,
  type NotificationConfigFilter,
  type NotificationConfigFilters,
  notificationContactsProblem,
  withEventType,
} from '#core/domain/master-data/notification-configs';

/** A notification configuration's form values: ids as the multi-selects hold them (strings). */
export interface NotificationConfigValues extends Record<NotificationConfigFilter, string[]> {
  notificationEventTypeId: string;
  contactIds: string[];
}

const toStrings = (ids: readonly number[] | null | undefined) => ids?.map(String) ?? [];
const toNumbers = (ids: readonly string[]) => ids.map(Number);

/** The event types a configuration may choose: every one of the catalogue but those not implemented yet. */
export const CONFIGURABLE_EVENT_TYPES: readonly NotificationEventType[] = NOTIFICATION_EVENT_TYPES.filter((type) => !type.nyi);

export function eventTypeKey(id: number): NotificationEventType['key'] | undefined {
  return NOTIFICATION_EVENT_TYPES.find((type) => type.id === id)?.key;
}

export function notificationConfigValues(config: NotificationConfigRecord | null): NotificationConfigValues {
  return {
    notificationEventTypeId: String(config?.notificationEventTypeId ?? DEFAULT_NOTIFICATION_EVENT_TYPE_ID),
    contactIds: toStrings(config?.contactIds),
    stopCargoTypeIds: toStrings(config?.stopCargoTypeIds),
    trailerCargoTypeIds: toStrings(config?.trailerCargoTypeIds),
    destinationSiteIds: toStrings(config?.destinationSiteIds),
    originSiteIds: toStrings(config?.originSiteIds),
    customerIds: toStrings(config?.customerIds),
  };
}

/** Spec 2 §4: choosing another event type clears every filter (the domain's rule, over the form's strings). */
export function withChosenEventType(values: NotificationConfigValues, eventTypeId: string): NotificationConfigValues {
  const filters = Object.fromEntries(
    NOTIFICATION_CONFIG_FILTERS.map((filter) => [filter, filterOrNull(toNumbers(values[filter]))]),
  ) as NotificationConfigFilters;
  const chosen = withEventType(
    { ...filters, notificationEventTypeId: Number(values.notificationEventTypeId) },
    Number(eventTypeId),
  );
  return {
    ...values,
    ...Object.fromEntries(NOTIFICATION_CONFIG_FILTERS.map((filter) => [filter, toStrings(chosen[filter])])),
    notificationEventTypeId: String(chosen.notificationEventTypeId),
  };
}

export function notificationConfigErrors(values: NotificationConfigValues) {
  return { contactIds: notificationContactsProblem(toNumbers(values.contactIds)) };
}

export function notificationConfigInput(values: NotificationConfigValues): NotificationConfigInput {
  return {
    notificationEventTypeId: Number(values.notificationEventTypeId),
    contactIds: toNumbers(values.contactIds),
    stopCargoTypeIds: filterOrNull(toNumbers(values.stopCargoTypeIds)),
    trailerCargoTypeIds: filterOrNull(toNumbers(values.trailerCargoTypeIds)),
    destinationSiteIds: filterOrNull(toNumbers(values.destinationSiteIds)),
    originSiteIds: filterOrNull(toNumbers(values.originSiteIds)),
    customerIds: filterOrNull(toNumbers(values.customerIds)),
  };
}
