import { Affix, Button, Group, Paper, Text } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { updateStore } from '../service-worker.ts';

/** "Update available — reload" when a new service worker is waiting. */
export function UpdatePrompt() {
  const { t } = useTranslation('common');
  const activate = useSyncExternalStore(updateStore.subscribe, updateStore.get);
  if (!activate) return null;
  return (
    <Affix position={{ bottom: 16, right: 16 }}>
      <Paper shadow="md" p="sm" withBorder role="status">
        <Group gap="sm">
          <Text size="sm">{t('shell.updateAvailable')}</Text>
          <Button size="xs" onClick={activate}>
            {t('shell.reload')}
          </Button>
        </Group>
      </Paper>
    </Affix>
  );
}
