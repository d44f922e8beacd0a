import { KeyboardSensor, type KeyboardSensorProps, type SensorInstance } from '@dnd-kit/core';

/** Tasks a key waits at most for the drag to catch up, so a drag that never does cannot swallow keys. */
const MOST_TASKS_HELD = 20;

/**
 * dnd-kit's keyboard sensor, without losing or misreading keys. It starts listening for the arrows and
 * the drop a task after the pick-up (so the Space that picked the item up does not also drop it), and
 * it drops on what the item was over a task ago (dnd-kit sets `over` in an effect after the render
 * that found it). Input goes before other tasks: on a busy page an arrow pressed right after Space
 * was lost, and a Space pressed right after an arrow dropped the item back where it was. Keys pressed
 * before the sensor listens, or while `over` lags behind what the item is over, are held here and
 * handed to it, in order, once it has caught up.
 */
export class KeyboardDragSensor implements SensorInstance {
  static activators = KeyboardSensor.activators;
  autoScrollEnabled = false;

  constructor(props: KeyboardSensorProps) {
    const target = props.event.target instanceof Node ? props.event.target : null;
    const document = target?.ownerDocument ?? globalThis.document;
    const held: KeyboardEvent[] = [];
    const replayed = new WeakSet<Event>();
    let listening = false;
    let tasksHeld = 0;
    let timer: ReturnType<typeof setTimeout> | null = null;

    const caughtUp = () => {
      const { over, collisions } = props.context.current;
      return (over?.id ?? null) === (collisions?.[0]?.id ?? null) || tasksHeld >= MOST_TASKS_HELD;
    };
    const hold = (event: KeyboardEvent) => {
      if (event === props.event || replayed.has(event)) return;
      if (listening && held.length === 0 && caughtUp()) return;
      // Seen by nothing else now: it is sent again, in order, once the sensor can take it.
      event.preventDefault();
      event.stopImmediatePropagation();
      held.push(event);
      later();
    };
    const handOver = () => {
      timer = null;
      listening = true;
      tasksHeld += 1;
      while (held.length > 0 && caughtUp()) {
        const event = held.shift() as KeyboardEvent;
        tasksHeld = 0;
        const copy = new KeyboardEvent('keydown', {
          key: event.key,
          code: event.code,
          shiftKey: event.shiftKey,
          ctrlKey: event.ctrlKey,
          altKey: event.altKey,
          metaKey: event.metaKey,
          bubbles: true,
          cancelable: true,
        });
        replayed.add(copy);
        (event.target instanceof Node && event.target.isConnected ? event.target : document).dispatchEvent(copy);
      }
      if (held.length > 0) later();
    };
    // Timers of the same delay run in the order they were set: the first runs after the sensor's own.
    const later = () => {
      timer ??= setTimeout(handOver, 0);
    };
    const stop = () => {
      document.removeEventListener('keydown', hold, true);
      if (timer !== null) clearTimeout(timer);
      held.length = 0;
    };

    document.addEventListener('keydown', hold, true);
    new KeyboardSensor({
      ...props,
      onEnd: () => {
        stop();
        props.onEnd();
      },
      onCancel: () => {
        stop();
        props.onCancel();
      },
    });
    later();
  }
}
