// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import commonEnglish from '../../locales/en-US/common.json';
import { ConnectionContext } from './connection-context.ts';
import { ExplainedActionIcon, ExplainedButton } from './explained-button.tsx';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en-US',
    resources: { 'en-US': { common: commonEnglish } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
});

afterEach(cleanup);

const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

describe('the explained button', () => {
  it('is inert, focusable and described by its reason, and acts once the reason is gone', () => {
    const onClick = vi.fn();
    const { rerender } = render(
      <MantineProvider>
        <ExplainedButton disabledReason="Pick a driver first" onClick={onClick} data-testid="assign">
          Assign
        </ExplainedButton>
      </MantineProvider>,
    );
    const button = screen.getByTestId('assign');
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(describedBy(button)).toBe('Pick a driver first');
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    rerender(
      <MantineProvider>
        <ExplainedButton disabledReason={null} onClick={onClick} data-testid="assign">
          Assign
        </ExplainedButton>
      </MantineProvider>,
    );
    expect(screen.getByTestId('assign')).toBe(button);
    expect(button.hasAttribute('aria-disabled')).toBe(false);
    expect(button.hasAttribute('aria-describedby')).toBe(false);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('shows its reason on keyboard focus', async () => {
    render(
      <MantineProvider>
        <ExplainedButton disabledReason="Pick a driver first" onClick={() => {}} data-testid="assign">
          Assign
        </ExplainedButton>
      </MantineProvider>,
    );
    act(() => screen.getByTestId('assign').focus());
    expect((await screen.findByRole('tooltip')).textContent).toBe('Pick a driver first');
  });

  it('says a connection is needed while offline when the action needs the server, and does not submit', () => {
    const onClick = vi.fn();
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const saveButton = (connected: boolean) => (
      <MantineProvider>
        <ConnectionContext value={connected}>
          <form onSubmit={onSubmit}>
            <ExplainedButton needsConnection type="submit" onClick={onClick} data-testid="save">
              Save
            </ExplainedButton>
          </form>
        </ConnectionContext>
      </MantineProvider>
    );
    const { rerender } = render(saveButton(true));
    const button = screen.getByTestId('save');
    expect(button.hasAttribute('aria-disabled')).toBe(false);
    rerender(saveButton(false));
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(describedBy(button)).toBe('This needs a connection to the server.');
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('as an icon, is named by its label and offline says why it is inert', () => {
    const onClick = vi.fn();
    render(
      <MantineProvider>
        <ConnectionContext value={false}>
          <ExplainedActionIcon label="Delete T-1" needsConnection onClick={onClick} data-testid="delete">
            x
          </ExplainedActionIcon>
        </ConnectionContext>
      </MantineProvider>,
    );
    const icon = screen.getByRole('button', { name: 'Delete T-1' });
    expect(icon.getAttribute('aria-disabled')).toBe('true');
    expect(describedBy(icon)).toBe('This needs a connection to the server.');
    fireEvent.click(icon);
    expect(onClick).not.toHaveBeenCalled();
  });
});
