import { describe, expect, it } from 'vitest';
import { NOTIFICATION_EVENT_TYPES } from '#core/contract/people';
import {
  channelState,
  EVENT_TYPE_GROUPS,
  preferenceKey,
  preferencesBody,
  SHOWN_EVENT_TYPES,
  shownSelection,
  toggled,
  withChannel,
} from './preference-values.ts';

describe('contact notification preferences', () => {
  it('shows neither system nor not-yet-implemented event types, and groups every shown one once', () => {
    const shown = SHOWN_EVENT_TYPES.map((type) => type.id);
    expect(shown).not.toContain(12);
    expect(shown).not.toContain(17);
    expect(
      Object.values(EVENT_TYPE_GROUPS)
        .flat()
        .sort((a, b) => a - b),
    ).toEqual(shown);
    expect(shown).toHaveLength(NOTIFICATION_EVENT_TYPES.filter((type) => !type.system && !type.nyi).length);
  });

  it('sends the system preferences back untouched and never a not-yet-implemented one', () => {
    const answered = [
      { notificationEventTypeId: 1, notificationType: 'Email' as const },
      { notificationEventTypeId: 12, notificationType: 'Email' as const },
    ];
    const selection = toggled(shownSelection(answered), preferenceKey(2, 'Text'));
    expect(preferencesBody(selection, answered)).toEqual([
      { notificationEventTypeId: 1, notificationType: 'Email' },
      { notificationEventTypeId: 2, notificationType: 'Text' },
      { notificationEventTypeId: 12, notificationType: 'Email' },
    ]);
  });

  it('turns a whole channel on and off', () => {
    const all = withChannel(new Set(), 'Push', true);
    expect(channelState(all, 'Push')).toBe('all');
    expect(channelState(all, 'Email')).toBe('none');
    expect(channelState(toggled(all, preferenceKey(1, 'Push')), 'Push')).toBe('some');
    expect(channelState(withChannel(all, 'Push', false), 'Push')).toBe('none');
  });
});
