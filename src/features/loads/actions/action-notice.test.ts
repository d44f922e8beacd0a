import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

const shown = vi.hoisted(() => [] as { title?: unknown; message: unknown }[]);
vi.mock('@mantine/notifications', () => ({
  notifications: { show: (notice: { title?: unknown; message: unknown }) => shown.push(notice) },
}));
vi.mock('i18next', () => ({ default: { t: (key: string) => key } }));

const { showActionDone } = await import('./action-notice.ts');

afterEach(() => {
  shown.length = 0;
  onlineManager.setOnline(true);
});

describe('the success notice of a load action', () => {
  it('shows online only once the server accepted every change of the action', async () => {
    onlineManager.setOnline(true);
    let accept: (answers: boolean[]) => void = () => {};
    showActionDone('Driver assigned', new Promise((resolve) => (accept = resolve)));
    expect(shown).toEqual([]);
    accept([true, true]);
    await vi.waitFor(() => expect(shown.map((notice) => notice.message)).toEqual(['Driver assigned']));
  });

  it('never says done for an action the server refused, even in part', async () => {
    onlineManager.setOnline(true);
    showActionDone('Loads deleted', Promise.resolve([true, false]));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(shown).toEqual([]);
  });

  it('says at once offline that the change is kept and sent when the connection returns', () => {
    onlineManager.setOnline(false);
    showActionDone('Driver assigned', new Promise(() => {}));
    expect(shown).toEqual([
      { color: 'teal', title: 'Driver assigned', message: 'load-actions:queuedOffline', position: 'top-left' },
    ]);
  });
});
