import { Badge } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

/** Online/offline state in the header; the sync layer adds queued changes and last sync here. */
export function ConnectionBadge() {
  const { t } = useTranslation('common');
  const { online } = useNetwork();
  return (
    <Badge color={online ? 'teal' : 'orange'} variant="light" data-testid="connection-state" visibleFrom="xs">
      {online ? t('shell.online') : t('shell.offline')}
    </Badge>
  );
}
