import { Anchor, Code, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** How an integration calls the API with a service account's secret (README "Calling the API from another system"). */
export function ServiceAccountApiHelp() {
  const { t } = useTranslation('company');
  const origin = window.location.origin;
  const example = `curl -H "Authorization: Bearer dsa_…" \\\n  "${origin}/api/self/orders?startDate=2026-11-22T06:00:00.000Z&endDate=2026-11-29T05:59:59.999Z"`;
  return (
    <Paper withBorder p="md" mx="md" mb="md" data-testid="service-account-api-help">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('serviceAccounts.api.title')}
        </Title>
        <Text size="sm">{t('serviceAccounts.api.bearer')}</Text>
        <Code block>{example}</Code>
        <Text size="sm">{t('serviceAccounts.api.routes')}</Text>
        <List size="sm">
          <List.Item>
            <Code>GET /api/self/orders?startDate=…&amp;endDate=…</Code> — {t('serviceAccounts.api.orders')}
          </List.Item>
          <List.Item>
            <Code>GET /api/self/loads-summary?startDate=…&amp;endDate=…</Code> — {t('serviceAccounts.api.summary')}
          </List.Item>
        </List>
        <Text size="sm">{t('serviceAccounts.api.dates')}</Text>
        <Text size="sm">{t('serviceAccounts.api.refused')}</Text>
        <Anchor href="/api/docs" target="_blank" size="sm">
          {t('serviceAccounts.api.docs')}
        </Anchor>
      </Stack>
    </Paper>
  );
}
