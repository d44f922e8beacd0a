import { closestCenter, DndContext, type DragEndEvent, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { ReactNode } from 'react';
import { keyboardCoordinatesInView } from '#src/ui/keyboard-coordinates-in-view.ts';
import { KeyboardDragSensor } from '#src/ui/keyboard-drag-sensor.ts';

/** What screen readers hear while an item is dragged, in the list's own words. */
export interface DragAnnouncements {
  instructions: string;
  pickedUp: (item: string) => string;
  over: (item: string, target: string) => string;
  dropped: (item: string, target: string) => string;
  cancelled: (item: string) => string;
}

interface SortableByKeyProps {
  /** The items' keys in their current order. */
  keys: string[];
  /** How announcements name the item of a key (its position, its label). */
  nameOf: (key: string) => string;
  announce: DragAnnouncements;
  onMove: (from: number, to: number) => void;
  children: ReactNode;
}

/**
 * One vertically sortable list (the load editor's stops, the bulk schedule's drafts and their stops):
 * pointer, touch and keyboard (Space to pick up, arrows to move, Space to drop), announced to screen
 * readers. Each list has its own drag context, so items never move between lists.
 */
export function SortableByKey({ keys, nameOf, announce, onMove, children }: SortableByKeyProps) {
  const sensors = useSensors(
    // A short travel before a drag starts keeps taps and clicks on a handle from moving items.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    // The next item is scrolled into view before the move (keyboardCoordinatesInView); what the
    // sensor still scrolls (the list's end) is scrolled at once, not smoothly, so a drop follows it.
    useSensor(KeyboardDragSensor, { coordinateGetter: keyboardCoordinatesInView, scrollBehavior: 'auto' }),
  );
  const name = (id: string | number) => nameOf(String(id));
  const dragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = keys.indexOf(String(active.id));
    const to = keys.indexOf(String(over.id));
    if (from >= 0 && to >= 0) onMove(from, to);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={dragEnd}
      accessibility={{
        screenReaderInstructions: { draggable: announce.instructions },
        announcements: {
          onDragStart: ({ active }) => announce.pickedUp(name(active.id)),
          onDragOver: ({ active, over }) => (over ? announce.over(name(active.id), name(over.id)) : undefined),
          onDragEnd: ({ active, over }) => (over ? announce.dropped(name(active.id), name(over.id)) : undefined),
          onDragCancel: ({ active }) => announce.cancelled(name(active.id)),
        },
      }}
    >
      <SortableContext items={keys} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}
