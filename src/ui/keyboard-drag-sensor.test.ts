// @vitest-environment happy-dom
import type { KeyboardSensorProps } from '@dnd-kit/core';
import { describe, expect, it, vi } from 'vitest';
import { KeyboardDragSensor } from './keyboard-drag-sensor.ts';

const key = (code: string) =>
  new KeyboardEvent('keydown', { code, key: code === 'Space' ? ' ' : code, bubbles: true, cancelable: true });
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A sensor picked up by Space on `handle`, whose arrows move the item 40 px down. */
function pickUp(handle: HTMLElement, drag: Record<string, unknown> = {}) {
  const moved = vi.fn();
  const dropped = vi.fn();
  const space = key('Space');
  handle.dispatchEvent(space);
  new KeyboardDragSensor({
    active: 'stop-1',
    activeNode: {
      id: 'stop-1',
      key: 'stop-1',
      node: { current: null },
      activatorNode: { current: handle },
      data: { current: {} },
    },
    event: space,
    context: {
      current: Object.assign(drag, {
        collisionRect: { top: 0, left: 0, width: 100, height: 40, bottom: 40, right: 100 },
        scrollableAncestors: [],
      }),
    },
    options: { coordinateGetter: () => ({ x: 0, y: 40 }) },
    onStart: vi.fn(),
    onMove: moved,
    onEnd: dropped,
    onCancel: vi.fn(),
    onAbort: vi.fn(),
    onPending: vi.fn(),
  } as unknown as KeyboardSensorProps);
  return { moved, dropped };
}

describe('KeyboardDragSensor', () => {
  it('hands the arrow and the drop pressed before dnd-kit listens to it, in order', async () => {
    const handle = document.createElement('button');
    document.body.append(handle);
    const { moved, dropped } = pickUp(handle);
    // Right after the pick-up, before the sensor's own timer ran (a busy page: input goes first).
    handle.dispatchEvent(key('ArrowDown'));
    handle.dispatchEvent(key('Space'));
    await nextTask();
    expect(moved).toHaveBeenCalledWith({ x: 0, y: 40 });
    expect(dropped).toHaveBeenCalledOnce();
    expect(moved.mock.invocationCallOrder[0]).toBeLessThan(dropped.mock.invocationCallOrder[0] ?? 0);
  });

  it('does not take the Space that picked the item up for the drop', async () => {
    const handle = document.createElement('button');
    document.body.append(handle);
    const { moved, dropped } = pickUp(handle);
    await nextTask();
    expect(dropped).not.toHaveBeenCalled();
    handle.dispatchEvent(key('ArrowDown'));
    expect(moved).toHaveBeenCalledOnce();
  });

  it('holds the drop while what the item is over lags behind what it was found over, then drops', async () => {
    const handle = document.createElement('button');
    document.body.append(handle);
    // The render after the arrow found stop 2; dnd-kit sets its over in an effect a task later.
    const drag: Record<string, unknown> = { over: { id: 'stop-1' }, collisions: [{ id: 'stop-2' }] };
    const { dropped } = pickUp(handle, drag);
    await nextTask();
    handle.dispatchEvent(key('Space'));
    await nextTask();
    expect(dropped).not.toHaveBeenCalled();
    drag.over = { id: 'stop-2' };
    await nextTask();
    expect(dropped).toHaveBeenCalledOnce();
  });
});
