import { ActionIcon, Box, Tooltip } from '@mantine/core';
import { IconCalendarX, IconMessageDots } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TableActions } from './table-actions.ts';

/** Mantine's ActionIcon at its default size (md). */
const ACTION_ICON_SIZE = '1.75rem';

/**
 * A master-data row's own actions in the resource table, between Edit and Delete: downtime
 * (equipment and drivers) and contact preferences (users and contacts).
 */
export function MasterDataRowActions({
  actions,
  name,
  table,
  onDowntime,
  onContactPreferences,
}: {
  actions: TableActions;
  name: string;
  table: string;
  /** Absent on rows without downtime (users who are not drivers): its place is kept, so icons line up. */
  onDowntime?: () => void;
  onContactPreferences?: () => void;
}) {
  const { t } = useTranslation('administration');
  return (
    <>
      {actions.downtime &&
        (onDowntime ? (
          <Tooltip label={t('rowActions.downtime', { name })}>
            <ActionIcon
              variant="subtle"
              aria-label={t('rowActions.downtime', { name })}
              onClick={onDowntime}
              data-testid={`${table}-downtime`}
            >
              <IconCalendarX size={18} />
            </ActionIcon>
          </Tooltip>
        ) : (
          <Box w={ACTION_ICON_SIZE} h={ACTION_ICON_SIZE} style={{ flexShrink: 0 }} aria-hidden />
        ))}
      {actions.contactPreferences && onContactPreferences && (
        <Tooltip label={t('rowActions.contactPreferences', { name })}>
          <ActionIcon
            variant="subtle"
            aria-label={t('rowActions.contactPreferences', { name })}
            onClick={onContactPreferences}
            data-testid={`${table}-contact-preferences`}
          >
            <IconMessageDots size={18} />
          </ActionIcon>
        </Tooltip>
      )}
    </>
  );
}
