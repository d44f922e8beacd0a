import { Notifications } from '@mantine/notifications';

/** The global notification stack (spec 1 §8: top left, one at a time); its own chunk, see providers.tsx. */
export function NotificationStack() {
  return <Notifications position="top-left" limit={1} />;
}
