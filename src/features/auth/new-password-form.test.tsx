// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { onlineManager } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import authEnglish from '../../../locales/en-US/auth.json';
import { NewPasswordForm } from './new-password-form.tsx';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en-US',
    resources: { 'en-US': { auth: authEnglish } },
    interpolation: { escapeValue: false },
  });
});

afterEach(() => {
  cleanup();
  onlineManager.setOnline(true);
});

function renderForm() {
  const onSubmit = vi.fn<(password: string, repeat: string) => Promise<void>>().mockResolvedValue();
  render(
    <MantineProvider env="test">
      <NewPasswordForm submitLabel="Activate account" onSubmit={onSubmit} />
    </MantineProvider>,
  );
  const type = (label: string, value: string) =>
    fireEvent.change(screen.getByLabelText(new RegExp(`^${label}`)), { target: { value } });
  const save = () => screen.getByRole('button', { name: 'Activate account' }) as HTMLButtonElement;
  return { onSubmit, type, save };
}

const metRules = () =>
  screen
    .getAllByTestId(/^password-rule-/)
    .filter((item) => item.dataset.met === 'true')
    .map((item) => item.dataset.testid?.replace('password-rule-', ''));

describe('NewPasswordForm', () => {
  it('ticks the rules as they are met and keeps Save disabled until the password is acceptable and repeated', async () => {
    const { onSubmit, type, save } = renderForm();
    expect(save().disabled).toBe(true);
    type('Password', 'abcdefgh');
    expect(metRules()).toEqual(['minLength', 'lowercase', 'allowedCharacters']);
    expect(screen.getByText('The password does not meet the requirements below.')).toBeTruthy();
    type('Password', 'Abcdefg1');
    expect(metRules()).toEqual(['minLength', 'digit', 'lowercase', 'uppercase', 'allowedCharacters']);
    expect(save().disabled).toBe(true);
    type('Repeat password', 'Abcdefg2');
    expect(screen.getByText('The passwords do not match.')).toBeTruthy();
    expect(save().disabled).toBe(true);
    type('Repeat password', 'Abcdefg1');
    expect(screen.queryByText('The passwords do not match.')).toBeNull();
    expect(save().disabled).toBe(false);
    fireEvent.click(save());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('Abcdefg1', 'Abcdefg1'));
  });

  it('says it needs a connection and keeps Save disabled while offline', () => {
    onlineManager.setOnline(false);
    const { type, save } = renderForm();
    type('Password', 'Abcdefg1');
    type('Repeat password', 'Abcdefg1');
    expect(screen.getByText('You are offline. This needs a connection to the server.')).toBeTruthy();
    expect(save().disabled).toBe(true);
  });
});
