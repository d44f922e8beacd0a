import { ActionIcon } from '@mantine/core';
import { IconCalendarUser } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '#core/contract/orders';

// The dialog (and its week query) loads only when a row's button is used.
const ResourceSchedulingDialog = lazy(() =>
  import('./resource-scheduling-dialog.tsx').then((module) => ({ default: module.ResourceSchedulingDialog })),
);

/**
 * The table's resource-scheduling column: a button opening the resource scheduling dialog for the row's
 * load (`label` names it). A page renders 100 of these, so the cell holds no query and no floating
 * tooltip: the native title explains the button; the dialog and its queries load on use.
 */
export function ResourceSchedulingCell({ load, label: loadLabel }: { load: Order; label: string }) {
  const { t } = useTranslation('load-actions');
  const [opened, setOpened] = useState(false);
  const label = t('scheduling.open', { load: loadLabel });
  return (
    <>
      <ActionIcon
        variant="subtle"
        size="lg"
        aria-label={label}
        title={label}
        onClick={() => setOpened(true)}
        data-testid="resource-scheduling-button"
      >
        <IconCalendarUser size={20} />
      </ActionIcon>
      {opened && (
        <Suspense fallback={null}>
          <ResourceSchedulingDialog load={load} opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
