import { ActionIcon, Tooltip } from '@mantine/core';
import { IconCalendarUser } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '#core/contract/orders';
import { useActionFormatting } from './use-action-formatting.ts';

// The dialog (and its week query) loads only when a row's button is used.
const ResourceSchedulingDialog = lazy(() =>
  import('./resource-scheduling-dialog.tsx').then((module) => ({ default: module.ResourceSchedulingDialog })),
);

/** The table's resource-scheduling column: a button opening the resource scheduling dialog for the row's load. */
export function ResourceSchedulingCell({ load }: { load: Order }) {
  const { t } = useTranslation('load-actions');
  const format = useActionFormatting();
  const [opened, setOpened] = useState(false);
  const label = t('scheduling.open', { load: format.label(load) });
  return (
    <>
      <Tooltip label={label}>
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label={label}
          onClick={() => setOpened(true)}
          data-testid="resource-scheduling-button"
        >
          <IconCalendarUser size={20} />
        </ActionIcon>
      </Tooltip>
      {opened && (
        <Suspense fallback={null}>
          <ResourceSchedulingDialog load={load} opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
