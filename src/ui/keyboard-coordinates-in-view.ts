import type { KeyboardCoordinateGetter } from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';

/** The part of a scroll container that shows its content, as dnd-kit's keyboard sensor measures it. */
function shownPart(container: Element): { top: number; bottom: number; height: number } {
  if (container === document.scrollingElement) return { top: 0, bottom: window.innerHeight, height: window.innerHeight };
  const { top, bottom } = container.getBoundingClientRect();
  return { top, bottom, height: container.clientHeight };
}

/**
 * The sortable lists' keyboard coordinates, the next item first scrolled into view here. dnd-kit's
 * keyboard sensor scrolls by itself when the next item lies past the middle of a scroll container,
 * then moves nothing and waits for the scroll event (a frame later) to find what the item is over:
 * a drop in between landed back in place. Scrolled here (at once) until the item's place is no further
 * than that middle, the sensor has nothing to scroll and moves the item in the same key press.
 */
export const keyboardCoordinatesInView: KeyboardCoordinateGetter = (event, args) => {
  const next = sortableKeyboardCoordinates(event, args);
  const down = event.code === 'ArrowDown';
  if (!next || (!down && event.code !== 'ArrowUp')) return next;
  let y = next.y;
  for (const container of args.context.scrollableAncestors) {
    const { top, bottom, height } = shownPart(container);
    // How far past the sensor's limit the place lies (down: below the middle; up: above it).
    const beyond = down ? y - (bottom - height / 2) : y - (top + height / 2);
    if (down ? beyond <= 0 : beyond >= 0) continue;
    const before = container.scrollTop;
    // A pixel further, in whole pixels: the browser rounds the scroll, and a place left a fraction past
    // the middle would still have the sensor scroll by itself.
    container.scrollTop = before + (down ? Math.ceil(beyond) + 1 : Math.floor(beyond) - 1);
    y -= container.scrollTop - before;
  }
  return { x: next.x, y };
};
