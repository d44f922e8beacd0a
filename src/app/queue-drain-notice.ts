import { notifications } from '@mantine/notifications';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { OutboxChange } from '#src/data/sync/outbox.ts';
import { NO_DRAIN, observeQueue } from '#src/data/sync/queue-drain.ts';

/** Once the changes queued while offline have all left the queue after reconnecting: "N queued changes sent". */
export function useQueueDrainNotice(online: boolean, queued: readonly OutboxChange[]) {
  const { t } = useTranslation('sync');
  const drain = useRef(NO_DRAIN);
  useEffect(() => {
    const next = observeQueue(
      drain.current,
      online,
      queued.map((change) => change.idempotencyKey),
    );
    drain.current = next.drain;
    if (next.sent !== null) {
      notifications.show({ color: 'teal', message: t('queuedSent', { count: next.sent }), position: 'top-left' });
    }
  }, [online, queued, t]);
}
