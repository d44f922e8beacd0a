// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#src/data/api-error.ts';
import authEnglish from '../../../locales/en-US/auth.json';
import { LoginPage } from './login-page.tsx';

const signIn = vi.fn<(username: string, password: string) => Promise<unknown>>();

vi.mock('@tanstack/react-router', () => ({
  getRouteApi: () => ({ useRouteContext: () => ({ signIn }), useSearch: () => ({}) }),
  useNavigate: () => async () => {},
  Link: (props: object) => <a {...props} />,
}));

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en-US',
    resources: { 'en-US': { auth: authEnglish } },
    interpolation: { escapeValue: false },
  });
});

afterEach(() => {
  cleanup();
  signIn.mockReset();
  vi.useRealTimers();
});

function submitWrongPassword() {
  render(
    <MantineProvider env="test">
      <LoginPage />
    </MantineProvider>,
  );
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'dispatcher' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong-password' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

const throttled = (retryAfterSeconds: number | null) =>
  new ApiError(429, { code: 'too_many_requests', message: 'Too many failed sign-in attempts' }, retryAfterSeconds);

describe('LoginPage', () => {
  it('says when to try again after too many failures, rounded up to the minute', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-03-02T10:00:20Z'));
    signIn.mockRejectedValue(throttled(600));
    submitWrongPassword();
    const retryAt = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' }).format(new Date('2030-03-02T10:11:00Z'));
    expect((await screen.findByRole('alert')).textContent).toBe(`Too many failed sign-in attempts. Try again after ${retryAt}.`);
  });

  it('asks to try again later when the answer does not say when', async () => {
    signIn.mockRejectedValue(throttled(null));
    submitWrongPassword();
    expect((await screen.findByRole('alert')).textContent).toBe('Too many failed sign-in attempts. Try again later.');
  });

  it('stays silent on a wrong password and clears it, also after an earlier refusal', async () => {
    signIn.mockRejectedValueOnce(throttled(60));
    submitWrongPassword();
    await screen.findByRole('alert');
    signIn.mockRejectedValueOnce(new ApiError(401, { code: 'unauthenticated', message: 'Wrong username or password' }));
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong-again' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(signIn).toHaveBeenCalledTimes(2));
    await waitFor(() => expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe(''));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
