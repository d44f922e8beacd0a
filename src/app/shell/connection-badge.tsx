import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useOnlineStatus } from '#src/data/online-status.ts';

/** Online/offline state in the header; the sync layer adds queued changes and last sync here. */
export function ConnectionBadge() {
  const { t } = useTranslation('common');
  const online = useOnlineStatus();
  return (
    <Badge color={online ? 'teal' : 'orange'} variant="light" data-testid="connection-state" visibleFrom="xs">
      {online ? t('shell.online') : t('shell.offline')}
    </Badge>
  );
}
