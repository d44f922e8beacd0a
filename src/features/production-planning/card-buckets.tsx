import {
  closestCorners,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  MouseSensor,
  TouchSensor,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Badge, Group, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import { memo, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KeyboardDragSensor } from '#src/ui/keyboard-drag-sensor.ts';
import { type BucketName, type Buckets, bucketOf, moveCard } from './board-state.ts';
import { type BoardCard, ProductionCardView } from './production-card-view.tsx';

const BUCKET_PREFIX = 'bucket:';
const bucketDropId = (bucket: BucketName) => `${BUCKET_PREFIX}${bucket}`;

// A short travel (mouse) or a press (touch) before a drag starts keeps clicks and scrolling free. The
// options are constants: new ones each render would give every sortable card a new drag context to draw.
const MOUSE_SENSOR = { activationConstraint: { distance: 5 } };
const TOUCH_SENSOR = { activationConstraint: { delay: 200, tolerance: 8 } };
const KEYBOARD_SENSOR = { coordinateGetter: sortableKeyboardCoordinates };

interface CardBucketsProps {
  buckets: Buckets;
  cards: ReadonlyMap<number, BoardCard>;
  /** The day bucket's cards as the search shows them (a subset of `buckets.day`, same order; kept while unchanged, as the sortable list's items). */
  shownDay: readonly number[];
  /** The generation bucket's cards as shown (its first ones, in order), and what follows them (its "show more"). */
  shownGeneration: readonly number[];
  generationFooter: ReactNode;
  /** Dragging needs CreateOrder; without it the cards stay where they are. */
  mayDrag: boolean;
  onChange: (buckets: Buckets) => void;
  /** A card's own buttons; kept while unchanged, so the cards are not drawn again. */
  renderActions: (card: BoardCard) => ReactNode;
  /** Above the day bucket's list: its search and count. */
  dayHeader: ReactNode;
  dayEmpty: ReactNode;
}

/**
 * The two buckets of the board, one drag context: cards move between them and reorder within one by
 * mouse, touch (a press on the handle) or keyboard (Space on the handle, arrows, Space), announced to
 * screen readers in the user's language.
 */
export function CardBuckets({
  buckets,
  cards,
  shownDay,
  shownGeneration,
  generationFooter,
  mayDrag,
  onChange,
  renderActions,
  dayHeader,
  dayEmpty,
}: CardBucketsProps) {
  const { t } = useTranslation('production-planning');
  const sensors = useSensors(
    useSensor(MouseSensor, MOUSE_SENSOR),
    useSensor(TouchSensor, TOUCH_SENSOR),
    useSensor(KeyboardDragSensor, KEYBOARD_SENSOR),
  );
  // t('production-planning:board.buckets.day'), t('production-planning:board.buckets.generation')
  const nameOf = (id: string | number) => {
    const key = String(id);
    if (key.startsWith(BUCKET_PREFIX)) return t(`board.buckets.${key.slice(BUCKET_PREFIX.length) as BucketName}`);
    return cards.get(Number(key))?.name ?? key;
  };
  const targetOf = (overId: string | number): { bucket: BucketName; index: number } | null => {
    const key = String(overId);
    if (key.startsWith(BUCKET_PREFIX)) return { bucket: key.slice(BUCKET_PREFIX.length) as BucketName, index: -1 };
    const id = Number(key);
    const bucket = bucketOf(buckets, id);
    return bucket ? { bucket, index: buckets[bucket].indexOf(id) } : null;
  };
  // The card under the finger or pointer is drawn above both buckets (each list clips its own scroll).
  const [dragged, setDragged] = useState<number | null>(null);
  const dragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    if (!over || active.id === over.id) return;
    const target = targetOf(over.id);
    if (!target) return;
    onChange(moveCard(buckets, Number(active.id), target.bucket, target.index));
  };
  const placeOf = (overId: string | number) => {
    const target = targetOf(overId);
    return target ? t(`board.buckets.${target.bucket}`) : '';
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCorners}
      onDragStart={({ active }) => setDragged(Number(active.id))}
      onDragCancel={() => setDragged(null)}
      onDragEnd={dragEnd}
      accessibility={{
        screenReaderInstructions: { draggable: t('board.drag.instructions') },
        announcements: {
          onDragStart: ({ active }) => t('board.drag.pickedUp', { card: nameOf(active.id) }),
          onDragOver: ({ active, over }) =>
            over ? t('board.drag.over', { card: nameOf(active.id), bucket: placeOf(over.id) }) : undefined,
          onDragEnd: ({ active, over }) =>
            over
              ? t('board.drag.dropped', { card: nameOf(active.id), bucket: placeOf(over.id) })
              : t('board.drag.cancelled', { card: nameOf(active.id) }),
          onDragCancel: ({ active }) => t('board.drag.cancelled', { card: nameOf(active.id) }),
        },
      }}
    >
      <Bucket
        bucket="day"
        ids={shownDay}
        cards={cards}
        mayDrag={mayDrag}
        header={dayHeader}
        empty={dayEmpty}
        renderActions={renderActions}
      />
      <Bucket
        bucket="generation"
        ids={shownGeneration}
        footer={generationFooter}
        cards={cards}
        mayDrag={mayDrag}
        header={
          <Text size="sm" c="dimmed" data-testid="generation-count">
            {t('board.generationCount', { count: buckets.generation.length })}
          </Text>
        }
        empty={
          <Text size="sm" c="dimmed" ta="center" py="lg" data-testid="generation-empty">
            {mayDrag ? t('board.generationEmpty') : t('board.generationEmptyNoDrag')}
          </Text>
        }
        renderActions={renderActions}
      />
      <DragOverlay>
        {dragged !== null && cards.get(dragged) ? (
          <Paper withBorder p="xs" shadow="md" style={{ cursor: 'grabbing' }}>
            <ProductionCardView card={cards.get(dragged) as BoardCard} />
          </Paper>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}

function Bucket({
  bucket,
  ids,
  cards,
  mayDrag,
  header,
  empty,
  footer,
  renderActions,
}: {
  bucket: BucketName;
  ids: readonly number[];
  cards: ReadonlyMap<number, BoardCard>;
  mayDrag: boolean;
  header: ReactNode;
  empty: ReactNode;
  footer?: ReactNode;
  renderActions: (card: BoardCard) => ReactNode;
}) {
  const { t } = useTranslation('production-planning');
  const { setNodeRef, isOver } = useDroppable({ id: bucketDropId(bucket), disabled: !mayDrag });
  const titleId = `bucket-title-${bucket}`;
  return (
    <Paper
      withBorder
      p="sm"
      component="section"
      aria-labelledby={titleId}
      data-testid={`bucket-${bucket}`}
      bg={isOver ? 'var(--mantine-color-blue-light)' : undefined}
    >
      <Stack gap="xs" h="100%">
        <Title order={2} size="h4" id={titleId}>
          {t(`board.buckets.${bucket}`)}
        </Title>
        {header}
        <ScrollArea.Autosize mah="60vh" type="auto" offsetScrollbars>
          <SortableContext id={bucket} items={ids as number[]} strategy={verticalListSortingStrategy}>
            <Stack ref={setNodeRef} gap="xs" component="ul" p={0} m={0} mih={120} style={{ listStyle: 'none' }}>
              {ids.length === 0 ? (
                <li>{empty}</li>
              ) : (
                ids.map((id) => {
                  const card = cards.get(id);
                  return card ? <SortableCard key={id} card={card} mayDrag={mayDrag} renderActions={renderActions} /> : null;
                })
              )}
            </Stack>
          </SortableContext>
        </ScrollArea.Autosize>
        {footer}
      </Stack>
    </Paper>
  );
}

/** Memoized: typing in the search or moving one card re-renders the buckets, not each of their hundreds of cards. */
const SortableCard = memo(function SortableCard({
  card,
  mayDrag,
  renderActions,
}: {
  card: BoardCard;
  mayDrag: boolean;
  renderActions: (card: BoardCard) => ReactNode;
}) {
  const { t } = useTranslation('production-planning');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: card.id,
    disabled: !mayDrag,
  });
  return (
    <li
      ref={setNodeRef}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        opacity: isDragging ? 0.4 : 1,
        position: 'relative',
        zIndex: isDragging ? 2 : undefined,
      }}
      data-testid="production-card"
      data-card-id={card.id}
    >
      <Paper withBorder p="xs">
        <Group gap="xs" wrap="nowrap" align="flex-start">
          {mayDrag && (
            <ActionIcon
              ref={setActivatorNodeRef}
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={t('board.drag.handle', { card: card.name })}
              style={{ touchAction: 'none', cursor: 'grab' }}
              {...attributes}
              {...listeners}
              data-testid="card-handle"
            >
              <IconGripVertical size={18} aria-hidden />
            </ActionIcon>
          )}
          <ProductionCardView card={card} />
          <Group gap={4} wrap="nowrap">
            {card.pending && (
              <Badge size="xs" variant="light" color="blue">
                {t('card.pending')}
              </Badge>
            )}
            {renderActions(card)}
          </Group>
        </Group>
      </Paper>
    </li>
  );
});
