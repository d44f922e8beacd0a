import { ActionIcon, Tooltip } from '@mantine/core';
import { IconTimeline } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '#core/contract/orders';
import { useActionFormatting } from './use-action-formatting.ts';

// Loaded when first opened: most table visits never look at a delivery log.
export const LazyDeliveryLogDialog = lazy(() =>
  import('./delivery-log-dialog.tsx').then((module) => ({ default: module.DeliveryLogDialog })),
);

/** A row button opening the load's read-only delivery log. */
export function DeliveryLogButton({ load }: { load: Order }) {
  const { t } = useTranslation('load-actions');
  const format = useActionFormatting();
  const [opened, setOpened] = useState(false);
  const label = t('deliveryLog.open', { load: format.label(load) });
  return (
    <>
      <Tooltip label={label}>
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label={label}
          onClick={() => setOpened(true)}
          data-testid="delivery-log-button"
        >
          <IconTimeline size={20} />
        </ActionIcon>
      </Tooltip>
      {opened && (
        <Suspense fallback={null}>
          <LazyDeliveryLogDialog load={load} opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
