import { notifications } from '@mantine/notifications';
import i18next from 'i18next';
import type { RefusedChange } from '#src/data/sync/outbox.ts';

/** A queued change the server refused: the notice names the load (or record) and the reason. */
export function showRefusedChange(refusal: RefusedChange) {
  notifications.show({
    color: refusal.conflict ? 'orange' : 'red',
    title: i18next.t(refusal.conflict ? 'sync:conflictTitle' : 'sync:refusedTitle', { load: refusal.label }),
    message: refusal.conflict
      ? i18next.t(refusal.record ? 'sync:recordConflictMessage' : 'sync:conflictMessage')
      : i18next.t(refusal.reason),
    position: 'top-left',
    autoClose: false,
  });
}
