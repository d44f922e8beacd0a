import { KeyboardSensor, type KeyboardSensorProps, type SensorInstance } from '@dnd-kit/core';

/**
 * dnd-kit's keyboard sensor, without losing keys. It starts listening for the arrows and the drop a
 * task after the pick-up (so the Space that picked the item up does not also drop it), and input goes
 * before timers: on a busy page an arrow pressed right after Space was lost, the item stayed where it
 * was and nothing was announced. Keys pressed in between are held here and handed to it once it listens.
 */
export class KeyboardDragSensor implements SensorInstance {
  static activators = KeyboardSensor.activators;
  autoScrollEnabled = false;

  constructor(props: KeyboardSensorProps) {
    const target = props.event.target instanceof Node ? props.event.target : null;
    const document = target?.ownerDocument ?? globalThis.document;
    const held: KeyboardEvent[] = [];
    const hold = (event: KeyboardEvent) => {
      if (event === props.event) return;
      // Seen by nothing else now: it is sent again, in order, once the sensor listens.
      event.preventDefault();
      event.stopImmediatePropagation();
      held.push(event);
    };
    document.addEventListener('keydown', hold, true);
    new KeyboardSensor(props);
    // Timers of the same delay run in the order they were set: this one runs after the sensor's.
    setTimeout(() => {
      document.removeEventListener('keydown', hold, true);
      for (const event of held) {
        const to = event.target instanceof Node && event.target.isConnected ? event.target : document;
        to.dispatchEvent(
          new KeyboardEvent('keydown', {
            key: event.key,
            code: event.code,
            shiftKey: event.shiftKey,
            ctrlKey: event.ctrlKey,
            altKey: event.altKey,
            metaKey: event.metaKey,
            bubbles: true,
            cancelable: true,
          }),
        );
      }
    }, 0);
  }
}
