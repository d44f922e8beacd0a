import { ActionIcon, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { IconChevronDown, IconChevronRight, IconGripVertical } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '#core/contract/orders';
import { useReferenceRows } from '../actions/reference-rows.ts';
import type { ActionFormatting } from '../actions/use-action-formatting.ts';
import { SortableByKey } from '../drag/sortable-by-key.tsx';

const dash = '–';

interface SortableListProps {
  keys: string[];
  /** How announcements name an item (its position and label). */
  nameOf: (key: string) => string;
  onMove: (from: number, to: number) => void;
  children: ReactNode;
}

/** One sortable list of the dialog, announced in its words: a draft's stops reorder within that draft only. */
function SortableList({ keys, nameOf, onMove, children }: SortableListProps) {
  const { t } = useTranslation('planning');
  return (
    <SortableByKey
      keys={keys}
      nameOf={nameOf}
      onMove={onMove}
      announce={{
        instructions: t('schedule.drag.instructions'),
        pickedUp: (item) => t('schedule.drag.pickedUp', { item }),
        over: (item, target) => t('schedule.drag.over', { item, target }),
        dropped: (item, target) => t('schedule.drag.dropped', { item, target }),
        cancelled: (item) => t('schedule.drag.cancelled', { item }),
      }}
    >
      {children}
    </SortableByKey>
  );
}

interface SortableItemProps {
  id: string;
  disabled: boolean;
  /** The drag handle's accessible name. */
  handleLabel: string;
  /** The item's content, given its drag handle to place. */
  children: (handle: ReactNode) => ReactNode;
}

/** A sortable item dragged by its handle only, so the rest of it (buttons, inner lists) stays clickable. */
function SortableItem({ id, disabled, handleLabel, children }: SortableItemProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    disabled,
  });
  const handle = (
    <ActionIcon
      ref={setActivatorNodeRef}
      variant="subtle"
      color="gray"
      aria-label={handleLabel}
      disabled={disabled}
      style={{ cursor: disabled ? undefined : 'grab', touchAction: 'none' }}
      {...attributes}
      {...listeners}
      data-testid="schedule-drag"
    >
      <IconGripVertical size={18} />
    </ActionIcon>
  );
  return (
    <div
      ref={setNodeRef}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        opacity: isDragging ? 0.6 : undefined,
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
      }}
    >
      {children(handle)}
    </div>
  );
}

interface ScheduleDraftListProps {
  /** The drafts of the page shown, in schedule order, as last calculated (or as they are). */
  drafts: readonly Order[];
  /** The position of the page's first draft in the whole list. */
  offset: number;
  disabled: boolean;
  format: ActionFormatting;
  /** Positions in the whole list. */
  onMoveDraft: (from: number, to: number) => void;
  onMoveStop: (draftIndex: number, from: number, to: number) => void;
}

const keyOf = (draft: Order) => String(draft.id);

/**
 * The bulk schedule's drafts in the order one driver takes them, reorderable by drag; a draft opens
 * to show its stops, reorderable within it. Only one page is rendered (a schedule can hold a thousand).
 */
export function ScheduleDraftList({ drafts, offset, disabled, format, onMoveDraft, onMoveStop }: ScheduleDraftListProps) {
  const { t } = useTranslation('planning');
  const [openId, setOpenId] = useState<number | null>(null);
  const keys = drafts.map(keyOf);
  const nameOf = (key: string) => {
    const index = keys.indexOf(key);
    const draft = drafts[index];
    return draft ? t('schedule.draftName', { position: offset + index + 1, load: format.label(draft) }) : key;
  };
  return (
    <SortableList keys={keys} nameOf={nameOf} onMove={(from, to) => onMoveDraft(offset + from, offset + to)}>
      <Stack gap={6} data-testid="schedule-drafts">
        {drafts.map((draft, index) => (
          <SortableItem
            key={keys[index]}
            id={keys[index]!}
            disabled={disabled}
            handleLabel={t('schedule.dragDraft', { position: offset + index + 1, load: format.label(draft) })}
          >
            {(handle) => (
              <ScheduleDraftRow
                draft={draft}
                position={offset + index + 1}
                handle={handle}
                open={openId === draft.id}
                disabled={disabled}
                format={format}
                onToggle={() => setOpenId((current) => (current === draft.id ? null : draft.id))}
                onMoveStop={(from, to) => onMoveStop(offset + index, from, to)}
              />
            )}
          </SortableItem>
        ))}
      </Stack>
    </SortableList>
  );
}

interface ScheduleDraftRowProps {
  draft: Order;
  position: number;
  handle: ReactNode;
  open: boolean;
  disabled: boolean;
  format: ActionFormatting;
  onToggle: () => void;
  onMoveStop: (from: number, to: number) => void;
}

function ScheduleDraftRow({ draft, position, handle, open, disabled, format, onToggle, onMoveStop }: ScheduleDraftRowProps) {
  const { t } = useTranslation('planning');
  const reference = useReferenceRows();
  const label = format.label(draft);
  const first = draft.stops[0]?.arrivalTime;
  const last = draft.stops[draft.stops.length - 1]?.arrivalTime;
  const stopKeys = draft.stops.map((stop) => `${draft.id}:${stop.id}:${stop.sequence}`);
  const stopName = (key: string) => {
    const stop = draft.stops[stopKeys.indexOf(key)];
    return stop
      ? t('schedule.stopName', { sequence: stop.sequence, location: reference.locationName(stop.organizationLocationId) ?? dash })
      : key;
  };
  return (
    <Paper withBorder p={6} data-testid="schedule-draft" data-load-id={draft.id}>
      <Group gap="xs" wrap="nowrap" align="center">
        {handle}
        <Badge variant="light" size="sm" miw={36} data-testid="schedule-position">
          {position}
        </Badge>
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={500} truncate>
            {label}
          </Text>
          <Text size="xs" c="dimmed" data-testid="schedule-times">
            {t('schedule.times', {
              first: first ? format.formatDateTime(first) : dash,
              last: last ? format.formatDateTime(last) : dash,
              count: draft.stops.length,
            })}
          </Text>
        </Stack>
        <ActionIcon
          variant="subtle"
          aria-expanded={open}
          aria-label={open ? t('schedule.closeStops', { load: label }) : t('schedule.openStops', { load: label })}
          onClick={onToggle}
          data-testid="schedule-open-stops"
        >
          {open ? <IconChevronDown size={18} /> : <IconChevronRight size={18} />}
        </ActionIcon>
      </Group>
      {open && (
        <SortableList keys={stopKeys} nameOf={stopName} onMove={onMoveStop}>
          <Stack gap={4} mt={6} pl="md" data-testid="schedule-stops">
            {draft.stops.map((stop, index) => (
              <SortableItem
                key={stopKeys[index]}
                id={stopKeys[index]!}
                disabled={disabled}
                handleLabel={t('schedule.dragStop', { stop: stopName(stopKeys[index]!) })}
              >
                {(stopHandle) => (
                  <Group gap="xs" wrap="nowrap" data-testid="schedule-stop" data-sequence={stop.sequence}>
                    {stopHandle}
                    <Text size="sm" w={24}>
                      {stop.sequence}
                    </Text>
                    <Text size="sm" style={{ flex: 1, minWidth: 0 }} truncate>
                      {t(`load-actions:stopType.${stop.type}`)} · {reference.locationName(stop.organizationLocationId) ?? dash}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {stop.arrivalTime ? format.formatDateTime(stop.arrivalTime) : dash}
                      {stop.durationMinutes ? ` · ${format.formatMinutes(stop.durationMinutes)}` : ''}
                    </Text>
                  </Group>
                )}
              </SortableItem>
            ))}
          </Stack>
        </SortableList>
      )}
    </Paper>
  );
}
