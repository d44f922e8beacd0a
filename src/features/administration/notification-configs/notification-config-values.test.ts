import { describe, expect, it } from 'vitest';
import {
  CONFIGURABLE_EVENT_TYPES,
  notificationConfigErrors,
  notificationConfigInput,
  notificationConfigValues,
  withChosenEventType,
} from './notification-config-values.ts';

describe('notification configuration form values', () => {
  const filtered = {
    ...notificationConfigValues(null),
    contactIds: ['7'],
    stopCargoTypeIds: ['2'],
    trailerCargoTypeIds: ['9'],
    destinationSiteIds: ['11'],
    originSiteIds: ['12'],
    customerIds: ['13'],
  };

  it('start on event type 5 with no contact, which keeps Save back', () => {
    const values = notificationConfigValues(null);
    expect(values.notificationEventTypeId).toBe('5');
    expect(notificationConfigErrors(values).contactIds).toBe('contactsRequired');
    expect(notificationConfigErrors(filtered).contactIds).toBeNull();
  });

  it('clear every filter when another event type is chosen, keeping the contacts', () => {
    expect(withChosenEventType(filtered, '3')).toEqual({
      notificationEventTypeId: '3',
      contactIds: ['7'],
      stopCargoTypeIds: [],
      trailerCargoTypeIds: [],
      destinationSiteIds: [],
      originSiteIds: [],
      customerIds: [],
    });
    expect(withChosenEventType(filtered, '5')).toEqual(filtered);
  });

  it('send ids as numbers and an empty filter as none', () => {
    expect(notificationConfigInput({ ...filtered, customerIds: [] })).toEqual({
      notificationEventTypeId: 5,
      contactIds: [7],
      stopCargoTypeIds: [2],
      trailerCargoTypeIds: [9],
      destinationSiteIds: [11],
      originSiteIds: [12],
      customerIds: null,
    });
  });

  it('offer no event type that is not implemented yet', () => {
    expect(CONFIGURABLE_EVENT_TYPES.map((type) => type.id)).not.toContain(17);
    expect(CONFIGURABLE_EVENT_TYPES.map((type) => type.id)).toContain(5);
  });
});
