import { Button, Group, List, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Order } from '#core/contract/orders';
import { useLoadCommands } from '#src/data/loads.ts';
import { showActionDone } from './action-notice.ts';
import { useActionFormatting } from './use-action-formatting.ts';

interface DeleteLoadsDialogProps {
  opened: boolean;
  loads: readonly Order[];
  onClose: () => void;
  onDone: () => void;
}

/** Delete confirmation (spec 1 §2): names the loads; the toolbar opens it only for Open or Assigned loads. */
export function DeleteLoadsDialog({ opened, loads, onClose, onDone }: DeleteLoadsDialogProps) {
  const { t } = useTranslation('load-actions');
  const format = useActionFormatting();
  const sendCommand = useLoadCommands();

  const confirm = () => {
    const accepted = loads.map((load) => sendCommand(load, { kind: 'delete' }, format.label(load)));
    showActionDone(t('notices.deleted', { count: loads.length }), Promise.all(accepted));
    onClose();
    onDone();
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('delete.title', { count: loads.length })}
      centered
      data-testid="delete-dialog"
    >
      <Stack gap="sm">
        <Text size="sm">{t('delete.message')}</Text>
        <ScrollArea.Autosize mah={240}>
          <List size="sm" spacing={2}>
            {loads.map((load) => (
              <List.Item key={load.id}>
                {format.label(load)} · {format.formatDateTime(load.date)}
              </List.Item>
            ))}
          </List>
        </ScrollArea.Autosize>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button color="red" onClick={confirm} data-testid="delete-confirm">
            {t('delete.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
