import { Badge, Drawer, Group, Paper, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPhone, IconSearch } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '#core/contract/orders';
import { driverAssignmentFor, driversOffered } from '#core/domain/load-actions';
import { useLoadCommands } from '#src/data/loads.ts';
import type { LoadConflict } from '#core/domain/planning/index';
import { ConflictNotes } from '../conflicts/conflict-notes.tsx';
import { useWeekConflictFinder } from '../conflicts/use-conflicts.ts';
import { showActionDone } from './action-notice.ts';
import { type DriverRow, useReferenceRows } from './reference-rows.ts';
import { SureButton } from '#src/ui/sure-button.tsx';
import { useActionFormatting } from './use-action-formatting.ts';

/** Spec 1 §9: search fields wait 300 ms. */
const SEARCH_DEBOUNCE_MS = 300;

/** Drivers offered for every selected load (a driver offered for one load only is not offered for all). */
function offeredForAll(drivers: DriverRow[], loads: readonly Order[], organizationId: number): DriverRow[] {
  const offered = loads.map((load) => new Set(driversOffered(drivers, load, organizationId).map((driver) => driver.id)));
  return drivers
    .filter((driver) => offered.length > 0 && offered.every((ids) => ids.has(driver.id)))
    .sort((a, b) => a.name.localeCompare(b.name));
}

interface AssignDriverPanelProps {
  opened: boolean;
  loads: readonly Order[];
  onClose: () => void;
  onDone: () => void;
}

/**
 * The driver assignment panel (spec 1 §2): search by name, the count of available drivers, each
 * with phone and default equipment, and an Assign button that asks "sure?". Each selected load gets
 * the driver with the driver's default tractor and trailer (spec 1 §4).
 */
export function AssignDriverPanel({ opened, loads, onClose, onDone }: AssignDriverPanelProps) {
  const { t } = useTranslation('load-actions');
  const format = useActionFormatting();
  const reference = useReferenceRows();
  const sendCommand = useLoadCommands();
  const week = useWeekConflictFinder(loads[0]?.date);
  const notesId = useId();
  const [search, setSearch] = useState('');
  const typed = search.trim().toLocaleLowerCase(format.language);
  const [debounced] = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  // Enter applies the search at once, without waiting for the debounce, and goes to its first driver.
  const [entered, setEntered] = useState<string | null>(null);
  const query = entered === typed ? typed : debounced;
  const firstAssign = useRef<HTMLButtonElement>(null);
  const [focusFirst, setFocusFirst] = useState(false);
  const organizationId = format.self?.activeOrganizationId ?? 0;
  const offered = offeredForAll(reference.drivers, loads, organizationId);
  const shown = query ? offered.filter((driver) => driver.name.toLocaleLowerCase(format.language).includes(query)) : offered;
  // What each driver (with the equipment he or she brings) would clash with on the selected loads.
  const conflictsOf = (driver: DriverRow): LoadConflict[] =>
    loads.flatMap((load) => week.finder.conflictsOf({ ...load, ...driverAssignmentFor(load, driver) }));
  const conflicts = new Map(shown.map((driver) => [driver.id, conflictsOf(driver)]));
  // A driver already on another load at the time is shown (with which load) but not counted available.
  const busy = (driver: DriverRow) =>
    conflicts.get(driver.id)?.some((conflict) => conflict.kind === 'overlap' && conflict.resource === 'driver') ?? false;
  const available = shown.filter((driver) => !busy(driver)).length;

  useEffect(() => {
    if (!focusFirst) return;
    setFocusFirst(false);
    firstAssign.current?.focus();
  }, [focusFirst]);

  const enterSearch = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    setEntered(typed);
    setFocusFirst(true);
  };

  const assign = (driver: DriverRow) => {
    const accepted = loads.map((load) =>
      sendCommand(load, { kind: 'assignDriver', assignment: driverAssignmentFor(load, driver) }, format.label(load)),
    );
    showActionDone(t('notices.driverAssigned', { driver: driver.name, count: loads.length }), Promise.all(accepted));
    setSearch('');
    onClose();
    onDone();
  };

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="md"
      title={t('assignDriver.title', { count: loads.length })}
      data-testid="assign-driver-panel"
    >
      <Stack gap="sm">
        <TextInput
          label={t('assignDriver.search')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          onKeyDown={enterSearch}
          // The drawer opens with focus in the search box, not on its close button.
          data-autofocus
          data-testid="assign-driver-search"
        />
        <Text size="sm" c="dimmed" data-testid="assign-driver-count" aria-live="polite">
          {t('assignDriver.available', { count: available })}
        </Text>
        <ScrollArea.Autosize mah="calc(100dvh - 220px)">
          <Stack gap="xs">
            {shown.length === 0 && (
              <Text size="sm" c="dimmed" ta="center" py="md">
                {t('assignDriver.none')}
              </Text>
            )}
            {shown.map((driver, index) => (
              <Paper
                key={driver.id}
                withBorder
                p="sm"
                data-testid="assign-driver-row"
                data-driver-id={driver.id}
                data-busy={busy(driver) || undefined}
              >
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Stack gap={2}>
                    <Text fw={600}>{driver.name}</Text>
                    {driver.phone && (
                      <Group gap={4}>
                        <IconPhone size={14} aria-hidden />
                        <Text size="sm" component="a" href={`tel:${driver.phone}`}>
                          {driver.phone}
                        </Text>
                      </Group>
                    )}
                    <Group gap={6}>
                      <Badge variant="light" color="gray" size="sm">
                        {t('assignDriver.tractor', {
                          name: reference.tractorName(driver.driverInfo.defaultTractorId) ?? t('none'),
                        })}
                      </Badge>
                      <Badge variant="light" color="gray" size="sm">
                        {t('assignDriver.trailer', {
                          name: reference.trailerName(driver.driverInfo.defaultTrailerId) ?? t('none'),
                        })}
                      </Badge>
                    </Group>
                    <ConflictNotes
                      conflicts={conflicts.get(driver.id) ?? []}
                      labelOf={week.labelOf}
                      id={`${notesId}-${driver.id}`}
                      testId="assign-driver-conflicts"
                    />
                  </Stack>
                  <SureButton
                    ref={index === 0 ? firstAssign : undefined}
                    label={t('assign')}
                    name={t('assignDriver.assignNamed', { driver: driver.name })}
                    question={t('assignDriver.sureNamed', { driver: driver.name })}
                    onConfirm={() => assign(driver)}
                    describedBy={conflicts.get(driver.id)?.length ? `${notesId}-${driver.id}` : undefined}
                    testId="assign-driver-button"
                  />
                </Group>
              </Paper>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      </Stack>
    </Drawer>
  );
}
