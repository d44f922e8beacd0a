import { ActionIcon, Button, type ButtonProps, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnlineStatus } from '#src/data/online-status.ts';

/**
 * Administration writes that cannot be queued (`worksOffline` false) need the server: offline their
 * controls stay focusable but inert, with a tooltip saying a connection is needed, so the reason can
 * be read. Those that queue (edits and deletes of QUEUED_OFFLINE collections) stay usable.
 */
function useOfflineGuard(onClick: () => void, worksOffline = false) {
  const online = useOnlineStatus() || worksOffline;
  return {
    online,
    props: online
      ? { onClick }
      : {
          'data-disabled': true,
          'aria-disabled': true,
          onClick: (event: { preventDefault: () => void }) => event.preventDefault(),
        },
  };
}

export function WriteButton({
  onClick,
  children,
  testId,
  type = 'button',
  worksOffline,
  ...props
}: {
  onClick: () => void;
  children: ReactNode;
  testId?: string;
  type?: 'button' | 'submit';
  worksOffline?: boolean;
} & ButtonProps) {
  const { t } = useTranslation('administration');
  const guard = useOfflineGuard(onClick, worksOffline);
  return (
    <Tooltip label={t('needsConnection')} disabled={guard.online}>
      <Button {...props} type={type} {...guard.props} data-testid={testId}>
        {children}
      </Button>
    </Tooltip>
  );
}

export function WriteActionIcon({
  onClick,
  label,
  children,
  color,
  testId,
  worksOffline,
}: {
  onClick: () => void;
  label: string;
  children: ReactNode;
  color?: string;
  testId?: string;
  worksOffline?: boolean;
}) {
  const { t } = useTranslation('administration');
  const guard = useOfflineGuard(onClick, worksOffline);
  return (
    <Tooltip label={guard.online ? label : t('needsConnection')}>
      <ActionIcon variant="subtle" color={color} aria-label={label} {...guard.props} data-testid={testId}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
