import { Alert, Anchor, Button, Center, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#src/data/api-error.ts';
import type { LoginNotice } from './login-notices.ts';

const route = getRouteApi('/login');

/**
 * Sign-in (spec 3 "Login"): spinner while submitting; a failure says nothing and keeps the form,
 * except too many failures (429), which says so and when to try again.
 */
export function LoginPage() {
  const { t, i18n } = useTranslation('auth');
  const { signIn } = route.useRouteContext();
  const navigate = useNavigate();
  const search = route.useSearch();
  const [submitting, setSubmitting] = useState(false);
  const [throttled, setThrottled] = useState<{ retryAt: Date | null } | null>(null);
  const form = useForm({
    initialValues: { username: '', password: '' },
    validate: {
      username: (value) => (value.trim() ? null : t('login.required')),
      password: (value) => (value ? null : t('login.required')),
    },
  });

  const submit = form.onSubmit(async (values) => {
    setSubmitting(true);
    setThrottled(null);
    try {
      await signIn(values.username, values.password);
      const target = search.redirect?.startsWith('/') && !search.redirect.startsWith('//') ? search.redirect : '/';
      await navigate({ to: target });
    } catch (error) {
      form.setFieldValue('password', '');
      if (error instanceof ApiError && error.status === 429) setThrottled({ retryAt: retryTime(error.retryAfterSeconds) });
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <Center mih="100dvh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={400} radius="md">
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Title order={1} size="h2">
              {t('login.title')}
            </Title>
            {search.notice && <LoginNoticeAlert notice={search.notice} />}
            {throttled && (
              <Alert color="red" role="alert">
                {throttled.retryAt
                  ? t('login.throttledUntil', {
                      time: new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(throttled.retryAt),
                    })
                  : t('login.throttled')}
              </Alert>
            )}
            <TextInput
              label={t('login.username')}
              autoComplete="username"
              autoCapitalize="none"
              autoFocus
              {...form.getInputProps('username')}
            />
            <PasswordInput
              label={t('login.password')}
              autoComplete="current-password"
              visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
              {...form.getInputProps('password')}
            />
            <Button type="submit" loading={submitting} disabled={submitting} fullWidth>
              {t('login.submit')}
            </Button>
            <Anchor component={Link} to="/forgot-password" size="sm" ta="center">
              {t('login.forgotPassword')}
            </Anchor>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}

function LoginNoticeAlert({ notice }: { notice: LoginNotice }) {
  const { t } = useTranslation('auth');
  if (notice === 'linkExpired') {
    return (
      <Alert color="yellow" role="alert">
        {t('notices.linkExpired')}
      </Alert>
    );
  }
  const texts: Record<Exclude<LoginNotice, 'linkExpired'>, string> = {
    passwordEmailSent: t('forgot.sent'),
    userActivated: t('notices.userActivated'),
    passwordChanged: t('notices.passwordChanged'),
  };
  return (
    <Alert color="teal" role="status">
      {texts[notice]}
    </Alert>
  );
}

/** The minute to show: rounded up, so that trying again at the shown time is not refused. */
function retryTime(retryAfterSeconds: number | null): Date | null {
  if (retryAfterSeconds === null) return null;
  const minute = 60 * 1000;
  return new Date(Math.ceil((Date.now() + retryAfterSeconds * 1000) / minute) * minute);
}
