import { Checkbox, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SERVICE_ACCOUNT_SCOPE_NAMES, type ServiceAccountScope } from '#core/contract/service-accounts';

/** What a scope lets an integration do, in the reader's language (the scope's name stays as the API spells it). */
export function useScopeDescription() {
  const { t } = useTranslation('company');
  const descriptions: Record<ServiceAccountScope, string> = {
    'loads:read': t('serviceAccounts.scope.loadsRead'),
    'loads:write': t('serviceAccounts.scope.loadsWrite'),
    'master-data:read': t('serviceAccounts.scope.masterDataRead'),
    'positions:write': t('serviceAccounts.scope.positionsWrite'),
    'trip-events:write': t('serviceAccounts.scope.tripEventsWrite'),
  };
  return (scope: ServiceAccountScope) => descriptions[scope];
}

/** The scopes a new service account is given, one checkbox each; at least one is required. */
export function ServiceAccountScopesInput({
  value,
  onChange,
}: {
  value: ServiceAccountScope[];
  onChange: (scopes: ServiceAccountScope[]) => void;
}) {
  const { t } = useTranslation('company');
  const describe = useScopeDescription();
  return (
    <Checkbox.Group
      label={t('serviceAccounts.scopes')}
      required
      value={value}
      onChange={(scopes) => onChange(SERVICE_ACCOUNT_SCOPE_NAMES.filter((scope) => scopes.includes(scope)))}
      error={value.length ? undefined : t('serviceAccounts.scopesRequired')}
      data-testid="service-account-scopes"
    >
      <Stack gap="xs" mt="xs">
        {SERVICE_ACCOUNT_SCOPE_NAMES.map((scope) => (
          <Checkbox
            key={scope}
            value={scope}
            label={scope}
            description={describe(scope)}
            data-testid={`service-account-scope-${scope}`}
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
