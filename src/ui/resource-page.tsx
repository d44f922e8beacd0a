import { Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A page of one kind of record (the administration lists): its title with the page's actions
 * beside it (Create, an explanation), then what it shows, usually the resource table.
 */
export function ResourcePage({
  title,
  actions,
  children,
  'data-testid': testId,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <Stack gap="sm" p="md" data-testid={testId}>
      <Group justify="space-between" gap="sm">
        <Title order={1} size="h2">
          {title}
        </Title>
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>
      {children}
    </Stack>
  );
}
