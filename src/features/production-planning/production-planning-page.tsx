import { Stack, Tabs, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminContext } from '#src/features/administration/use-admin-context.ts';
import { OrderGroupsTable } from './order-groups-table.tsx';
import { PlanningBoard } from './planning-board.tsx';

type PlanningTab = 'board' | 'groups';

/** /production-planning (spec 3): the planning board of production cards and the order groups it made. */
export function ProductionPlanningPage() {
  const { t } = useTranslation('production-planning');
  const context = useAdminContext();
  const [tab, setTab] = useState<PlanningTab>('board');
  if (!context) return null;
  return (
    <Stack gap="sm" p="md" data-testid="production-planning-page">
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      <Tabs value={tab} onChange={(next) => next && setTab(next as PlanningTab)} keepMounted>
        <Tabs.List aria-label={t('tabs.label')}>
          <Tabs.Tab value="board" data-testid="tab-board">
            {t('tabs.board')}
          </Tabs.Tab>
          <Tabs.Tab value="groups" data-testid="tab-groups">
            {t('tabs.groups')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="board" pt="sm">
          <PlanningBoard context={context} />
        </Tabs.Panel>
        <Tabs.Panel value="groups" pt="sm">
          {/* The board stays mounted (its buckets are kept); the groups are read only while shown. */}
          {tab === 'groups' && <OrderGroupsTable context={context} />}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
