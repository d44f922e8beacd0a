import { Accordion, Group, Skeleton, Stack, Switch, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { rolePermissionAnswerSchema } from '#core/contract/companies';
import { permissionSchema, roleListItemSchema } from '#core/contract/reference-lists';
import { PLATFORM_PERMISSIONS, type PermissionName } from '#core/domain/access';
import { apiRequest } from '#src/data/api-client.ts';
import { useOnlineStatus } from '#src/data/online-status.ts';
import { errorMessage } from '../forms/use-record-form.ts';

const rolesQuery = { queryKey: ['roles'], queryFn: () => apiRequest('/roles', z.array(roleListItemSchema)) };
const permissionsQuery = { queryKey: ['permissions'], queryFn: () => apiRequest('/permissions', z.array(permissionSchema)) };
type Role = z.infer<typeof roleListItemSchema>;

/**
 * /manage-company/permissions (spec 2 §2, §5), all-companies access: a panel per role sorted by name
 * with a switch per permission, applied at once and put back if refused. The two platform
 * permissions are locked; offline every switch waits for a connection.
 */
export function PermissionsPage() {
  const { t, i18n } = useTranslation('companies');
  const { t: tAdministration } = useTranslation('administration');
  const { t: tSettings } = useTranslation('settings');
  const online = useOnlineStatus();
  const queryClient = useQueryClient();
  const roles = useQuery(rolesQuery);
  const permissions = useQuery(permissionsQuery);
  const toggle = useMutation({
    meta: { reportsOwnErrors: true },
    mutationFn: ({ roleId, permissionId, granted }: { roleId: number; permissionId: number; granted: boolean }) =>
      apiRequest('/role-permissions', rolePermissionAnswerSchema, {
        method: granted ? 'POST' : 'DELETE',
        body: { roleId, permissionId },
      }),
    onMutate: async ({ roleId, permissionId, granted }) => {
      await queryClient.cancelQueries({ queryKey: rolesQuery.queryKey });
      const previous = queryClient.getQueryData<Role[]>(rolesQuery.queryKey);
      const permission = permissions.data?.find((row) => row.id === permissionId);
      queryClient.setQueryData<Role[]>(rolesQuery.queryKey, (current) =>
        current?.map((role) =>
          role.id !== roleId || !permission
            ? role
            : {
                ...role,
                permissions: granted
                  ? [...role.permissions, { id: permission.id, name: permission.name }]
                  : role.permissions.filter((held) => held.id !== permissionId),
              },
        ),
      );
      return { previous };
    },
    onError: (error, _toggle, saved) => {
      queryClient.setQueryData(rolesQuery.queryKey, saved?.previous);
      notifications.show({ color: 'red', title: t('toast.notSaved'), message: errorMessage(error) });
    },
    onSuccess: (role, { granted }) => {
      queryClient.setQueryData<Role[]>(rolesQuery.queryKey, (current) =>
        current?.map((held) => (held.id === role.id ? role : held)),
      );
      notifications.show({ color: 'green', message: granted ? t('permissions.added') : t('permissions.removed') });
    },
  });

  const collator = new Intl.Collator(i18n.language, { sensitivity: 'base' });
  // Roles read as everywhere else (the users table, the settings popover), not as their code names.
  const roleLabel = (role: Role) => tSettings(`roles.${role.name}`, { defaultValue: role.name });
  const sortedRoles = [...(roles.data ?? [])].sort((a, b) => collator.compare(roleLabel(a), roleLabel(b)));
  const sortedPermissions = [...(permissions.data ?? [])].sort((a, b) => collator.compare(a.name, b.name));
  const locked = (name: PermissionName) => PLATFORM_PERMISSIONS.includes(name);

  return (
    <Stack gap="sm" p="md" data-testid="permissions-page">
      <Title order={1} size="h2">
        {t('permissions.title')}
      </Title>
      {!roles.data || !permissions.data ? (
        Array.from({ length: 8 }, (_, index) => <Skeleton key={index} height={40} />)
      ) : (
        <Accordion variant="separated" multiple>
          {sortedRoles.map((role) => (
            <Accordion.Item key={role.id} value={String(role.id)} data-testid={`role-${role.id}`}>
              <Accordion.Control>
                <Group justify="space-between" pr="sm">
                  <Text fw={500}>{roleLabel(role)}</Text>
                  <Text size="sm" c="dimmed">
                    {t('permissions.held', { count: role.permissions.length })}
                  </Text>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <Stack gap="xs">
                  {sortedPermissions.map((permission) => {
                    const reason = locked(permission.name)
                      ? t('permissions.locked')
                      : online
                        ? null
                        : tAdministration('needsConnection');
                    return (
                      <Tooltip key={permission.id} label={reason} disabled={reason === null} position="top-start">
                        <div>
                          <Switch
                            label={permission.name}
                            description={permission.description}
                            checked={role.permissions.some((held) => held.id === permission.id)}
                            disabled={reason !== null}
                            onChange={(event) =>
                              toggle.mutate({
                                roleId: role.id,
                                permissionId: permission.id,
                                granted: event.currentTarget.checked,
                              })
                            }
                            data-testid={`permission-${role.id}-${permission.name}`}
                          />
                        </div>
                      </Tooltip>
                    );
                  })}
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </Stack>
  );
}
