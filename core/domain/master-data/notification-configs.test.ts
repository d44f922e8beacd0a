import { describe, expect, it } from 'vitest';
import {
  DEFAULT_NOTIFICATION_EVENT_TYPE_ID,
  filterOrNull,
  NO_NOTIFICATION_FILTERS,
  notificationContactsProblem,
  withEventType,
} from './notification-configs.ts';

const filtered = {
  notificationEventTypeId: 5,
  contactIds: [7],
  stopCargoTypeIds: [2],
  trailerCargoTypeIds: [9],
  destinationSiteIds: [11],
  originSiteIds: [12],
  customerIds: [13],
};

describe('notification configurations', () => {
  it('start on event type 5', () => {
    expect(DEFAULT_NOTIFICATION_EVENT_TYPE_ID).toBe(5);
  });

  it('reset every filter to null when the event type changes, keeping the contacts', () => {
    expect(withEventType(filtered, 3)).toEqual({ ...NO_NOTIFICATION_FILTERS, notificationEventTypeId: 3, contactIds: [7] });
  });

  it('keep the filters when the same event type is chosen again', () => {
    expect(withEventType(filtered, 5)).toBe(filtered);
  });

  it('need at least one contact', () => {
    expect(notificationContactsProblem([])).toBe('contactsRequired');
    expect(notificationContactsProblem([7])).toBeNull();
  });

  it('store an empty filter as no filter', () => {
    expect(filterOrNull([])).toBeNull();
    expect(filterOrNull(undefined)).toBeNull();
    expect(filterOrNull([4, 5])).toEqual([4, 5]);
  });
});
