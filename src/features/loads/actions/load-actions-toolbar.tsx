import { Button, Group, Menu, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconBuildingWarehouse,
  IconChecks,
  IconChevronDown,
  IconFileSpreadsheet,
  IconPlus,
  IconReceipt,
  IconTimeline,
  IconTrash,
  IconUserPlus,
} from '@tabler/icons-react';
import { type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '#core/contract/orders';
import { ApiError } from '#src/data/api-client.ts';
import { deliveryTicketsUrl, downloadLoadsCsv } from '#src/data/exports.ts';
import { useOnlineStatus } from '#src/data/online-status.ts';
import { LazyLoadEditor } from '../editor/lazy-load-editor.tsx';
import { isPlanningAction, LazyPlanningDialogs, usePlanningToolbar } from '../planning/planning-toolbar.tsx';
import { showActionDone } from './action-notice.ts';
import {
  type DisabledReason,
  type LoadAction,
  loadActionStates,
  type PlanningActionKey,
  planningActionStates,
} from './action-states.ts';
import { AssignCarrierPanel } from './assign-carrier-panel.tsx';
import { AssignDriverPanel } from './assign-driver-panel.tsx';
import { DeleteLoadsDialog } from './delete-loads-dialog.tsx';
import { LazyDeliveryLogDialog } from './delivery-log-button.tsx';
import { ExplainedButton } from '#src/ui/explained-button.tsx';
import { ManualCompletionDialog } from './manual-completion-dialog.tsx';
import { useActionFormatting } from './use-action-formatting.ts';

/** The actions shown as buttons; the others wait in the "More actions" menu, so the toolbar stays one row. */
const PRIMARY_ACTIONS: Record<'loads' | 'drafts', readonly (LoadAction | PlanningActionKey)[]> = {
  loads: ['create', 'assignDriver', 'assignCarrier'],
  drafts: ['create', 'createDrafts', 'publish'],
};

type Open = 'create' | 'assignDriver' | 'assignCarrier' | 'complete' | 'delete' | 'deliveryLog' | PlanningActionKey | null;

interface LoadActionsToolbarProps {
  page: 'loads' | 'drafts';
  /** The selected rows as the table shows them (queued changes laid over). */
  selected: Order[];
  /** Called after an action that changes loads was queued (the table clears its selection); exports keep it. */
  onDone: () => void;
  /** Shows another week (the bulk create wizard lands on the week it filled). */
  onWeekChange?: (week: string | undefined) => void;
  /** A load created with the toolbar's editor (the table brings it into view). */
  onCreated?: (created: { id: number; date: string }) => void;
}

/**
 * The loads and drafts tables' action toolbar (spec 1 §2): create, export, delivery ticket,
 * assign driver or carrier, complete manually, delete, delivery log, and on drafts the planning
 * actions (features/loads/planning). Which actions show and why one is off come from
 * loadActionStates and planningActionStates (core's rules); each action queues through the data layer.
 */
export function LoadActionsToolbar({ page, selected, onDone, onWeekChange, onCreated }: LoadActionsToolbarProps) {
  const { t } = useTranslation('load-actions');
  const format = useActionFormatting();
  const online = useOnlineStatus();
  const [open, setOpen] = useState<Open>(null);
  const [exporting, setExporting] = useState(false);
  const planning = usePlanningToolbar(setOpen);
  const self = format.self;
  if (!self) return null;

  const input = { subject: self, page, selected, online };
  const states = { ...loadActionStates(input), ...planningActionStates(input) };
  const reasons: Record<DisabledReason, string> = {
    noSelection: t('disabled.noSelection'),
    selectOne: t('disabled.selectOne'),
    noPermission: t('disabled.noPermission'),
    offline: t('disabled.offline'),
    notDeletable: t('disabled.notDeletable'),
    notCompletable: t('disabled.notCompletable'),
    notAssignable: t('disabled.notAssignable'),
    notCarrierAssignable: t('disabled.notCarrierAssignable'),
    notYetSaved: t('disabled.notYetSaved'),
    ...planning.reasons,
  };
  const ids = selected.map((order) => order.id);
  const close = () => setOpen(null);

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadLoadsCsv(ids, format.exportSettings);
      showActionDone(t('notices.exported', { count: ids.length }));
    } catch (error) {
      // A refusal says why (e.g. too many loads); a network failure only that the server was not reached.
      const reason = error instanceof ApiError && !error.isNetworkError ? error.body?.message : undefined;
      notifications.show({
        color: 'red',
        title: t('notices.exportFailed'),
        message: reason ?? t('notices.tryAgain'),
        position: 'top-left',
      });
    } finally {
      setExporting(false);
    }
  };

  const openTickets = () => {
    // A browser navigation (spec 1 §7): the PDF opens in its own tab with the session cookie.
    window.open(deliveryTicketsUrl(ids, format.exportSettings), '_blank', 'noopener');
    showActionDone(t('notices.ticketsOpened', { count: ids.length }));
  };

  const buttons: {
    action: LoadAction | PlanningActionKey;
    label: string;
    icon: ReactNode;
    run: () => void;
    color?: string;
    loading?: boolean;
  }[] = [
    {
      action: 'create',
      label: page === 'drafts' ? t('actions.createDraft') : t('actions.createLoad'),
      icon: <IconPlus size={16} />,
      run: () => setOpen('create'),
    },
    ...planning.buttons,
    {
      action: 'export',
      label: t('actions.export'),
      icon: <IconFileSpreadsheet size={16} />,
      run: () => void exportCsv(),
      loading: exporting,
    },
    { action: 'deliveryTicket', label: t('actions.deliveryTicket'), icon: <IconReceipt size={16} />, run: openTickets },
    {
      action: 'assignDriver',
      label: t('actions.assignDriver'),
      icon: <IconUserPlus size={16} />,
      run: () => setOpen('assignDriver'),
    },
    {
      action: 'assignCarrier',
      label: t('actions.assignCarrier'),
      icon: <IconBuildingWarehouse size={16} />,
      run: () => setOpen('assignCarrier'),
    },
    { action: 'complete', label: t('actions.complete'), icon: <IconChecks size={16} />, run: () => setOpen('complete') },
    { action: 'delete', label: t('actions.delete'), icon: <IconTrash size={16} />, run: () => setOpen('delete'), color: 'red' },
    {
      action: 'deliveryLog',
      label: t('actions.deliveryLog'),
      icon: <IconTimeline size={16} />,
      run: () => setOpen('deliveryLog'),
    },
  ];
  const [logLoad] = selected;

  const shown = buttons.filter((button) => states[button.action].visible);
  const primary = shown.filter((button) => PRIMARY_ACTIONS[page].includes(button.action));
  const secondary = shown.filter((button) => !PRIMARY_ACTIONS[page].includes(button.action));
  const reasonOf = (button: (typeof buttons)[number]) => {
    const reason = states[button.action].disabledReason;
    return reason ? reasons[reason] : null;
  };

  return (
    <>
      <Group gap="xs" wrap="wrap" role="toolbar" aria-label={t('toolbar')} data-testid="load-actions">
        {primary.map((button) => (
          <ExplainedButton
            key={button.action}
            size="sm"
            variant={button.action === 'create' ? 'filled' : 'light'}
            color={button.color}
            leftSection={button.icon}
            loading={button.loading}
            disabledReason={reasonOf(button)}
            onClick={button.run}
            data-testid={`action-${button.action}`}
          >
            {button.label}
          </ExplainedButton>
        ))}
        {secondary.length > 0 && (
          <Menu position="bottom-start" shadow="md" width={280}>
            <Menu.Target>
              <Button
                size="sm"
                variant="light"
                rightSection={<IconChevronDown size={16} />}
                // A running export (in the menu) shows its progress here.
                loading={secondary.some((button) => button.loading)}
                data-testid="more-actions"
              >
                {t('actions.more')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown data-testid="more-actions-menu">
              {secondary.map((button) => {
                const reason = reasonOf(button);
                // Not `disabled` (nor data-disabled): Mantine's arrow keys skip those items, so the
                // reason under the label would never be read.
                return (
                  <Menu.Item
                    key={button.action}
                    leftSection={button.icon}
                    color={button.color}
                    opacity={reason === null ? undefined : 0.65}
                    aria-disabled={reason !== null || undefined}
                    closeMenuOnClick={reason === null}
                    onClick={() => {
                      if (reason === null) button.run();
                    }}
                    data-testid={`action-${button.action}`}
                  >
                    {button.label}
                    {reason && (
                      <Text size="xs" c="dimmed">
                        {reason}
                      </Text>
                    )}
                  </Menu.Item>
                );
              })}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
      {open === 'create' && (
        <LazyLoadEditor load={null} isDraft={page === 'drafts'} variant="modal" onClose={close} onCreated={onCreated} />
      )}
      <AssignDriverPanel opened={open === 'assignDriver'} loads={selected} onClose={close} onDone={onDone} />
      <AssignCarrierPanel opened={open === 'assignCarrier'} loads={selected} onClose={close} onDone={onDone} />
      <ManualCompletionDialog opened={open === 'complete'} loads={selected} onClose={close} onDone={onDone} />
      <DeleteLoadsDialog opened={open === 'delete'} loads={selected} onClose={close} onDone={onDone} />
      {open === 'deliveryLog' && logLoad && (
        <Suspense fallback={null}>
          <LazyDeliveryLogDialog load={logLoad} opened onClose={close} />
        </Suspense>
      )}
      {isPlanningAction(open) && (
        <Suspense fallback={null}>
          <LazyPlanningDialogs action={open} selected={selected} onClose={close} onDone={onDone} onWeekChange={onWeekChange} />
        </Suspense>
      )}
    </>
  );
}
