import { notifications } from '@mantine/notifications';
import { onlineManager } from '@tanstack/react-query';
import i18next from 'i18next';

/**
 * The success notice of a load action. Commands are queued, so "done" means the change shows now;
 * offline, the notice adds that it is sent when the connection returns (a refusal comes later as
 * its own notice from the data layer).
 */
export function showActionDone(title: string) {
  const online = onlineManager.isOnline();
  notifications.show({
    color: 'teal',
    title: online ? undefined : title,
    message: online ? title : i18next.t('load-actions:queuedOffline'),
    position: 'top-left',
  });
}
