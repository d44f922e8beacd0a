import { ActionIcon, Drawer, Stack, Text, Tooltip } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The (i) beside an administration table's title: how notifications pick their contacts (spec 2 §2). */
export function NotificationCriteriaButton() {
  const { t } = useTranslation('administration');
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Tooltip label={t('notificationCriteria.open')}>
        <ActionIcon
          variant="subtle"
          aria-label={t('notificationCriteria.open')}
          onClick={() => setOpened(true)}
          data-testid="notification-criteria-open"
        >
          <IconInfoCircle size={20} />
        </ActionIcon>
      </Tooltip>
      <Drawer
        opened={opened}
        onClose={() => setOpened(false)}
        position="right"
        title={t('notificationCriteria.title')}
        data-testid="notification-criteria"
      >
        <Stack gap="sm">
          <Text size="sm">{t('notificationCriteria.intro')}</Text>
          <Text size="sm">{t('notificationCriteria.filters')}</Text>
          <Text size="sm">{t('notificationCriteria.preferences')}</Text>
          <Text size="sm">{t('notificationCriteria.disabled')}</Text>
        </Stack>
      </Drawer>
    </>
  );
}
