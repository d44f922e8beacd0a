import { Alert, Button, Group, Modal, ScrollArea, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DriverAssignment } from '#core/contract/load-actions';
import type { Order } from '#core/contract/orders';
import { hasPermission } from '#core/domain/access';
import { canAssignDriver, driverAssignmentFor, driversOffered } from '#core/domain/load-actions';
import { CONFLICT_RESOURCES, type ConflictResource } from '#core/domain/planning/index';
import { resourceInfoQuery } from '#src/data/load-details.ts';
import { useLoadCommands } from '#src/data/loads.ts';
import { useDiscardGuard } from '#src/ui/discard-guard.tsx';
import { ConflictNotes } from '../conflicts/conflict-notes.tsx';
import { useWeekConflictFinder } from '../conflicts/use-conflicts.ts';
import { showActionDone } from './action-notice.ts';
import { useReferenceRows } from './reference-rows.ts';
import { useResourceDowntime } from './resource-downtime.ts';
import { type ActionFormatting, useActionFormatting } from './use-action-formatting.ts';

type Choice = Omit<DriverAssignment, 'id'>;

interface ResourceSchedulingDialogProps {
  load: Order;
  opened: boolean;
  onClose: () => void;
}

/**
 * The resource scheduling dialog (spec 1 §2): driver, tractor and trailer selectors and save, the
 * drivers' last assignments and the trailers' latest production plans, and the choice's conflicts
 * (core's conflict rule), under the duplicateResourcesFound warning when it overlaps another load of the week.
 */
export function ResourceSchedulingDialog({ load, opened, onClose }: ResourceSchedulingDialogProps) {
  const { t } = useTranslation('load-actions');
  const narrow = useMediaQuery('(max-width: 48em)');
  const format = useActionFormatting();
  const [dirty, setDirty] = useState(false);
  const guard = useDiscardGuard(dirty, onClose);
  return (
    <>
      <Modal
        opened={opened}
        onClose={guard.requestClose}
        size="xl"
        fullScreen={narrow}
        title={t('scheduling.title', { load: format.label(load) })}
        data-testid="resource-scheduling-dialog"
      >
        {opened && (
          <SchedulingForm load={load} onClose={onClose} onCancel={guard.requestClose} onDirtyChange={setDirty} format={format} />
        )}
      </Modal>
      {guard.confirmation}
    </>
  );
}

interface SchedulingFormProps {
  load: Order;
  onClose: () => void;
  onCancel: () => void;
  onDirtyChange: (dirty: boolean) => void;
  format: ActionFormatting;
}

function SchedulingForm({ load, onClose, onCancel, onDirtyChange, format }: SchedulingFormProps) {
  const { t } = useTranslation('load-actions');
  const reference = useReferenceRows();
  const sendCommand = useLoadCommands();
  const downOf = useResourceDowntime(useMemo(() => [load], [load]));
  const self = format.self;
  const organizationId = self?.activeOrganizationId ?? 0;
  const [choice, setChoice] = useState<Choice>({
    transportedByUserId: load.transportedByUserId,
    tractorId: load.tractorId,
    trailerId: load.trailerId,
  });
  const allowed = !!self && hasPermission(self, 'AssignDrivers') && canAssignDriver([load], organizationId);
  const changed =
    choice.transportedByUserId !== load.transportedByUserId ||
    choice.tractorId !== load.tractorId ||
    choice.trailerId !== load.trailerId;
  useEffect(() => onDirtyChange(changed), [changed, onDirtyChange]);

  const drivers = driversOffered(reference.drivers, load, organizationId).sort((a, b) => a.name.localeCompare(b.name));
  // Equipment follows the drivers' rule: this organization's, enabled or already on the load.
  const tractors = reference.tractors
    .filter((row) => row.organizationId === organizationId && (row.enabled || row.id === load.tractorId))
    .sort((a, b) => a.userDisplayName.localeCompare(b.userDisplayName));
  const trailers = reference.trailers
    .filter((row) => row.organizationId === organizationId && (row.enabled || row.id === load.trailerId))
    .sort((a, b) => a.userDisplayName.localeCompare(b.userDisplayName));

  // The loads and drafts of the load's week tell whether this choice clashes.
  const week = useWeekConflictFinder(load.date);
  const conflicts = week.finder.conflictsOf({ ...load, ...choice });
  const kinds = CONFLICT_RESOURCES.filter((resource) =>
    conflicts.some((conflict) => conflict.kind === 'overlap' && conflict.resource === resource),
  );

  const info = useQuery(
    resourceInfoQuery(
      drivers.map((driver) => driver.id),
      trailers.map((trailer) => trailer.id),
    ),
  );
  const lastAssignment = new Map(info.data?.driverTimestamps.map((row) => [row.driverId, row.timestamp]));
  const productionPlans = new Map(info.data?.latestTrailerProductionPlan.map((row) => [row.trailerId, row.productionPlans]));

  const chooseDriver = (value: string | null) => {
    const driver = drivers.find((row) => String(row.id) === value) ?? null;
    // Spec 1 §4: a driver brings his or her default tractor and trailer; core decides what clearing does.
    const { id: _id, ...next } = driverAssignmentFor(load, driver);
    setChoice(next);
  };

  const save = () => {
    const accepted = sendCommand(load, { kind: 'assignDriver', assignment: { id: load.id, ...choice } }, format.label(load));
    showActionDone(t('notices.resourcesSaved', { load: format.label(load) }), Promise.all([accepted]));
    onClose();
  };

  // A resource down at the load's time stays choosable (plans change), but its option says so.
  const withDown = (name: string, downtimes: readonly string[]) =>
    downtimes.length ? t('downtime.optionDown', { name, what: downtimes.join(', ') }) : name;

  const kindLabels: Record<ConflictResource, string> = {
    driver: t('duplicateKinds.driver'),
    tractor: t('duplicateKinds.tractor'),
    trailer: t('duplicateKinds.trailer'),
  };
  // Offline the query pauses rather than fails: both say the tables need the connection.
  const infoState =
    info.isError || (info.isPending && info.fetchStatus === 'paused')
      ? t('scheduling.infoUnavailable')
      : info.isPending && info.fetchStatus === 'fetching'
        ? t('scheduling.infoLoading')
        : null;

  return (
    <Stack gap="md">
      {!allowed && (
        <Text size="sm" c="dimmed" data-testid="scheduling-read-only">
          {t('scheduling.readOnly')}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Select
          label={t('scheduling.driver')}
          placeholder={t('none')}
          data={drivers.map((driver) => ({
            value: String(driver.id),
            label: withDown(driver.name, downOf('driver', driver.id)),
          }))}
          value={choice.transportedByUserId ? String(choice.transportedByUserId) : null}
          onChange={chooseDriver}
          searchable
          clearable
          disabled={!allowed}
          data-testid="scheduling-driver"
        />
        <Select
          label={t('scheduling.tractor')}
          placeholder={t('none')}
          data={tractors.map((tractor) => ({
            value: String(tractor.id),
            label: withDown(tractor.userDisplayName, downOf('tractor', tractor.id)),
          }))}
          value={choice.tractorId ? String(choice.tractorId) : null}
          onChange={(value) => setChoice((current) => ({ ...current, tractorId: value ? Number(value) : null }))}
          searchable
          clearable
          disabled={!allowed}
          data-testid="scheduling-tractor"
        />
        <Select
          label={t('scheduling.trailer')}
          placeholder={t('none')}
          data={trailers.map((trailer) => ({
            value: String(trailer.id),
            label: withDown(trailer.userDisplayName, downOf('trailer', trailer.id)),
          }))}
          value={choice.trailerId ? String(choice.trailerId) : null}
          onChange={(value) => setChoice((current) => ({ ...current, trailerId: value ? Number(value) : null }))}
          searchable
          clearable
          disabled={!allowed}
          data-testid="scheduling-trailer"
        />
      </SimpleGrid>
      <ConflictNotes conflicts={conflicts} labelOf={week.labelOf} testId="scheduling-conflicts" />
      {kinds.length > 0 && (
        <Alert
          color="yellow"
          icon={<IconAlertTriangle size={18} />}
          title={t('duplicateResourcesFound')}
          data-testid="duplicate-resources-warning"
        >
          {t('duplicateResourcesFoundMessage', { kinds: kinds.map((kind) => kindLabels[kind]).join(', ') })}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('cancel')}
        </Button>
        <Button onClick={save} disabled={!allowed || !changed} data-testid="scheduling-save">
          {t('save')}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Stack gap={4}>
          <Title order={3} size="h5">
            {t('scheduling.driversTable')}
          </Title>
          {infoState && (
            <Text size="xs" c="dimmed">
              {infoState}
            </Text>
          )}
          <ScrollArea.Autosize mah={280}>
            <Table striped verticalSpacing={4} data-testid="scheduling-drivers">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('scheduling.driver')}</Table.Th>
                  <Table.Th>{t('scheduling.lastAssignment')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {drivers.map((driver) => {
                  const at = lastAssignment.get(driver.id);
                  return (
                    <Table.Tr key={driver.id}>
                      <Table.Td>{driver.name}</Table.Td>
                      <Table.Td>{at ? format.formatDateTime(at) : '–'}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        </Stack>
        <Stack gap={4}>
          <Title order={3} size="h5">
            {t('scheduling.trailersTable')}
          </Title>
          {infoState && (
            <Text size="xs" c="dimmed">
              {infoState}
            </Text>
          )}
          <ScrollArea.Autosize mah={280}>
            <Table striped verticalSpacing={4} data-testid="scheduling-trailers">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('scheduling.trailer')}</Table.Th>
                  <Table.Th>{t('scheduling.productionPlan')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {trailers.map((trailer) => {
                  const plans = productionPlans.get(trailer.id);
                  return (
                    <Table.Tr key={trailer.id}>
                      <Table.Td>{trailer.userDisplayName}</Table.Td>
                      <Table.Td>{plans?.length ? plans.join(', ') : '–'}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
