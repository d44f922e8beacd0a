import { ActionIcon, Group, List, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ConflictLoad, conflictsByLoad, type LoadConflict } from '#core/domain/planning/index';
import { useConflictResources, useConflictText, useLoadLabels, useWeekLoadsAndDrafts, useWeekOf } from './use-conflicts.ts';

interface ConflictNotesProps {
  conflicts: readonly LoadConflict[];
  /** How a note names another load. */
  labelOf: (id: number) => string;
  /** Lets a control point at the notes (`aria-describedby`), so focusing it reads them. */
  id?: string;
  testId?: string;
}

/**
 * A load's planning conflicts (core's conflict rule), one line each, where the choice is made: said,
 * never blocking (a dispatcher may knowingly double a trailer).
 */
export function ConflictNotes({ conflicts, labelOf, id, testId = 'conflict-notes' }: ConflictNotesProps) {
  const text = useConflictText();
  if (!conflicts.length) return null;
  return (
    <Stack gap={2} id={id} data-testid={testId}>
      {conflicts.map((conflict) => {
        const line = text(conflict, labelOf);
        return (
          <Group
            key={line}
            gap={4}
            wrap="nowrap"
            align="flex-start"
            data-testid="conflict-note"
            data-conflict-kind={conflict.kind}
          >
            <IconAlertTriangle
              size={14}
              color="var(--mantine-color-orange-8)"
              aria-hidden
              style={{ flexShrink: 0, marginTop: 3 }}
            />
            <Text size="sm" c="var(--mantine-color-orange-light-color)">
              {line}
            </Text>
          </Group>
        );
      })}
    </Stack>
  );
}

interface ConflictMarkProps {
  conflicts: readonly LoadConflict[];
  labelOf: (id: number) => string;
  /** How the row names its load. */
  load: string;
}

/**
 * The warning mark of a row whose load has conflicts: a button, so keyboard and touch users reach its
 * tooltip too, named with the reasons for screen readers.
 */
export const ConflictMark = memo(function ConflictMark({ conflicts, labelOf, load }: ConflictMarkProps) {
  const { t } = useTranslation('load-actions');
  const text = useConflictText();
  const reasons = conflicts.map((conflict) => text(conflict, labelOf));
  return (
    <Tooltip
      label={
        <>
          <Text size="xs" fw={700}>
            {t('conflicts.title')}
          </Text>
          <List size="xs" c="inherit">
            {reasons.map((reason) => (
              <List.Item key={reason}>{reason}</List.Item>
            ))}
          </List>
        </>
      }
      multiline
      maw={360}
      withArrow
      events={{ hover: true, focus: true, touch: true }}
    >
      <ActionIcon
        variant="subtle"
        color="orange"
        aria-label={t('conflicts.rowLabel', { load, reasons: reasons.join('; '), count: reasons.length })}
        data-testid="load-conflicts"
        data-conflict-kinds={conflicts.map((conflict) => conflict.kind).join(' ')}
      >
        <IconAlertTriangle size={16} />
      </ActionIcon>
    </Tooltip>
  );
});

/** The notes as a selector's description (spans: a description is a paragraph), so focusing the selector reads them. */
function ConflictDescription({ conflicts, labelOf, testId }: ConflictNotesProps) {
  const text = useConflictText();
  return (
    <span data-testid={testId} style={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {conflicts.map((conflict) => {
        const line = text(conflict, labelOf);
        return (
          <span key={line} data-testid="conflict-note" data-conflict-kind={conflict.kind} style={{ display: 'flex', gap: 4 }}>
            <IconAlertTriangle
              size={14}
              color="var(--mantine-color-orange-8)"
              aria-hidden
              style={{ flexShrink: 0, marginTop: 2 }}
            />
            <Text span size="sm" c="var(--mantine-color-orange-light-color)">
              {line}
            </Text>
          </span>
        );
      })}
    </span>
  );
}

const DESCRIPTION_BELOW: ('label' | 'input' | 'description' | 'error')[] = ['label', 'input', 'description', 'error'];

/** A Select's props showing `conflicts` under it, tied to it as its description (none when there are none). */
export function selectConflictProps(conflicts: readonly LoadConflict[], labelOf: (id: number) => string, testId: string) {
  if (!conflicts.length) return {};
  return {
    description: <ConflictDescription conflicts={conflicts} labelOf={labelOf} testId={testId} />,
    inputWrapperOrder: DESCRIPTION_BELOW,
  };
}

const NOTHING_REPLACED: readonly number[] = [];

interface PlannedConflictsProps<Load extends ConflictLoad> {
  /** The loads as the dialog would save them (a merged draft not yet saved has id 0). */
  loads: readonly Load[];
  /** Loads the change replaces (a merge's sources): not compared with. */
  replacing?: readonly number[];
  /** How the list names each of `loads`. */
  labelOfPlanned: (load: Load) => string;
  testId: string;
}

/**
 * The conflicts of loads a planning dialog is about to save (bulk schedule, merge, publish), each
 * named, against the other loads and drafts of the first one's week. Nothing when there are none.
 */
export function PlannedConflicts<Load extends ConflictLoad>({
  loads,
  replacing = NOTHING_REPLACED,
  labelOfPlanned,
  testId,
}: PlannedConflictsProps<Load>) {
  const { t } = useTranslation('load-actions');
  const week = useWeekOf(loads[0]?.date);
  const weekLoads = useWeekLoadsAndDrafts(week);
  const resources = useConflictResources();
  const labelOf = useLoadLabels(weekLoads);
  const found = useMemo(() => {
    const planned = new Set([...replacing, ...loads.map((load) => load.id)]);
    const others = [...weekLoads.filter((load) => !planned.has(load.id)), ...loads];
    return conflictsByLoad(loads, others, resources);
  }, [loads, replacing, weekLoads, resources]);
  const withConflicts = loads.filter((load) => found.has(load.id));
  if (!withConflicts.length) return null;
  return (
    <Stack gap={4} data-testid={testId}>
      <Text size="sm" fw={600}>
        {t('conflicts.title')}
      </Text>
      {withConflicts.map((load) => (
        <Stack key={load.id} gap={2} data-planned-load-id={load.id}>
          <Text size="sm">{labelOfPlanned(load)}</Text>
          <ConflictNotes conflicts={found.get(load.id) ?? []} labelOf={labelOf} />
        </Stack>
      ))}
    </Stack>
  );
}
