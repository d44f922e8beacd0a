import { Badge, Divider, Drawer, Group, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CarrierLink, CarrierOwnership } from '#core/contract/reference-lists';
import type { Order } from '#core/contract/orders';
import { carrierAssignmentFor, carriersOffered, carrierUnassignmentFor } from '#core/domain/load-actions';
import { useCarrierLinks } from '#src/data/load-details.ts';
import { useLoadCommands } from '#src/data/loads.ts';
import { showActionDone } from './action-notice.ts';
import { SureButton } from '#src/ui/sure-button.tsx';
import { useActionFormatting } from './use-action-formatting.ts';

interface AssignCarrierPanelProps {
  opened: boolean;
  loads: readonly Order[];
  onClose: () => void;
  onDone: () => void;
}

function OwnershipBadge({ resource, ownership }: { resource: 'driver' | 'tractor' | 'trailer'; ownership: CarrierOwnership }) {
  const { t } = useTranslation('load-actions');
  const labels: Record<CarrierOwnership, string> = {
    Owning: t('assignCarrier.ownership.Owning'),
    Carrier: t('assignCarrier.ownership.Carrier'),
    Both: t('assignCarrier.ownership.Both'),
  };
  const resources = {
    driver: t('assignCarrier.resource.driver'),
    tractor: t('assignCarrier.resource.tractor'),
    trailer: t('assignCarrier.resource.trailer'),
  };
  return (
    <Badge variant="light" color="gray" size="sm">
      {t('assignCarrier.ownershipLine', { resource: resources[resource], ownership: labels[ownership] })}
    </Badge>
  );
}

/**
 * The carrier assignment panel (spec 1 §2): active carriers only, each with an Assign that asks
 * "sure?", and Unassign, which hands the loads back to their owner. What a carrier relation lets
 * a load keep (driver, tractor, trailer) is decided by core's carrierAssignmentFor.
 */
export function AssignCarrierPanel({ opened, loads, onClose, onDone }: AssignCarrierPanelProps) {
  const { t } = useTranslation('load-actions');
  const format = useActionFormatting();
  const sendCommand = useLoadCommands();
  const carriers = carriersOffered(useCarrierLinks().data ?? []);
  const carrierName = new Map(carriers.map((carrier) => [carrier.carrierOrganizationId, carrier.name]));
  const withCarrier = loads.filter((load) => load.transportingOrganizationId !== load.owningOrganizationId);
  const currentCarriers = [...new Set(withCarrier.map((load) => load.transportingOrganizationId))].map(
    (id) => carrierName.get(id) ?? t('assignCarrier.unknownCarrier'),
  );

  const finish = (title: string, accepted: Promise<boolean>[]) => {
    showActionDone(title, Promise.all(accepted));
    onClose();
    onDone();
  };

  const assign = (carrier: CarrierLink) => {
    const accepted = loads.map((load) =>
      sendCommand(load, { kind: 'assignCarrier', assignment: carrierAssignmentFor(load, carrier) }, format.label(load)),
    );
    finish(t('notices.carrierAssigned', { carrier: carrier.name, count: loads.length }), accepted);
  };

  const unassign = () => {
    const accepted = withCarrier.map((load) =>
      sendCommand(load, { kind: 'assignCarrier', assignment: carrierUnassignmentFor(load) }, format.label(load)),
    );
    finish(t('notices.carrierUnassigned', { count: withCarrier.length }), accepted);
  };

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="md"
      title={t('assignCarrier.title', { count: loads.length })}
      data-testid="assign-carrier-panel"
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm" c="dimmed">
            {currentCarriers.length
              ? t('assignCarrier.current', { carriers: currentCarriers.join(', ') })
              : t('assignCarrier.noneAssigned')}
          </Text>
          <SureButton
            label={t('unassign')}
            color="red"
            variant="outline"
            disabled={withCarrier.length === 0}
            onConfirm={unassign}
            testId="unassign-carrier-button"
          />
        </Group>
        <Divider />
        <ScrollArea.Autosize mah="calc(100dvh - 200px)">
          <Stack gap="xs">
            {carriers.length === 0 && (
              <Text size="sm" c="dimmed" ta="center" py="md">
                {t('assignCarrier.none')}
              </Text>
            )}
            {carriers.map((carrier) => (
              <Paper key={carrier.id} withBorder p="sm" data-testid="assign-carrier-row" data-carrier-id={carrier.id}>
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Stack gap={4}>
                    <Text fw={600}>{carrier.name}</Text>
                    <Group gap={6}>
                      <OwnershipBadge resource="driver" ownership={carrier.loadDriver} />
                      <OwnershipBadge resource="tractor" ownership={carrier.loadTractor} />
                      <OwnershipBadge resource="trailer" ownership={carrier.loadTrailer} />
                    </Group>
                  </Stack>
                  <SureButton label={t('assign')} onConfirm={() => assign(carrier)} testId="assign-carrier-button" />
                </Group>
              </Paper>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      </Stack>
    </Drawer>
  );
}
