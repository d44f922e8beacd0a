import { notifications } from '@mantine/notifications';
import { onlineManager } from '@tanstack/react-query';
import i18next from 'i18next';

/**
 * The success notice of a load action, only for what the server accepted: online it shows once
 * every change of the action was accepted (a refusal comes as its own notice from the data layer,
 * never after a "done"); offline it says at once that the change is kept and sent when the
 * connection returns.
 */
export function showActionDone(title: string, accepted?: Promise<readonly boolean[]>) {
  if (!onlineManager.isOnline()) {
    notifications.show({ color: 'teal', title, message: i18next.t('load-actions:queuedOffline'), position: 'top-left' });
    return;
  }
  const show = () => notifications.show({ color: 'teal', message: title, position: 'top-left' });
  if (!accepted) show();
  else void accepted.then((answers) => answers.every(Boolean) && show());
}
