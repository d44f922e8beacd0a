import { Anchor, Code, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ServiceAccountScope } from '#core/contract/service-accounts';
import { useScopeDescription } from './service-account-scopes.tsx';

const WEEK_QUERY = '?startDate=…&endDate=…';

/** How an integration calls the API with a service account's secret (README "Calling the API from another system"). */
export function ServiceAccountApiHelp() {
  const { t } = useTranslation('company');
  const describe = useScopeDescription();
  const origin = window.location.origin;
  const example = `curl -H "Authorization: Bearer dsa_…" \\\n  "${origin}/api/self/orders?startDate=2026-11-22T06:00:00.000Z&endDate=2026-11-29T05:59:59.999Z"`;
  // The routes each scope opens: the same as their OpenAPI `security` (server routes, serviceAccountSecurity).
  const routes: Record<ServiceAccountScope, { route: string; what: string }[]> = {
    'loads:read': [
      { route: `GET /api/self/orders${WEEK_QUERY}`, what: t('serviceAccounts.api.orders') },
      { route: `GET /api/self/loads-summary${WEEK_QUERY}`, what: t('serviceAccounts.api.summary') },
    ],
    'loads:write': [
      { route: 'POST /api/orders', what: t('serviceAccounts.api.create') },
      { route: 'PUT /api/orders/{id}', what: t('serviceAccounts.api.update') },
      { route: `GET /api/self/orders${WEEK_QUERY}`, what: t('serviceAccounts.api.orders') },
    ],
    'master-data:read': [
      {
        route: 'GET /api/tractors, /trailers, /locations, /customers, /drivers, /cargo-types',
        what: t('serviceAccounts.api.lists'),
      },
    ],
    'positions:write': [{ route: 'POST /api/devices/positions', what: t('serviceAccounts.api.positions') }],
    'trip-events:write': [{ route: 'POST /api/devices/tripevents', what: t('serviceAccounts.api.tripEvents') }],
  };
  return (
    <Paper withBorder p="md" mx="md" mb="md" data-testid="service-account-api-help">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('serviceAccounts.api.title')}
        </Title>
        <Text size="sm">{t('serviceAccounts.api.bearer')}</Text>
        <Code block>{example}</Code>
        <Text size="sm">{t('serviceAccounts.api.routes')}</Text>
        {Object.entries(routes).map(([scope, list]) => (
          <Stack key={scope} gap={4} data-testid={`service-account-api-scope-${scope}`}>
            <Text size="sm" fw={600}>
              <Code>{scope}</Code> — {describe(scope as ServiceAccountScope)}
            </Text>
            <List size="sm">
              {list.map(({ route, what }) => (
                <List.Item key={route}>
                  <Code>{route}</Code> — {what}
                </List.Item>
              ))}
            </List>
          </Stack>
        ))}
        <Text size="sm">{t('serviceAccounts.api.dates')}</Text>
        <Text size="sm">{t('serviceAccounts.api.refused')}</Text>
        <Anchor href="/api/docs" target="_blank" size="sm">
          {t('serviceAccounts.api.docs')}
        </Anchor>
      </Stack>
    </Paper>
  );
}
