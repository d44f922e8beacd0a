import { Alert, Anchor, Button, Center, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const route = getRouteApi('/login');

/** Sign-in (spec 3 "Login"): spinner while submitting; a failure says nothing and keeps the form. */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const { signIn } = route.useRouteContext();
  const navigate = useNavigate();
  const search = route.useSearch();
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({
    initialValues: { username: '', password: '' },
    validate: {
      username: (value) => (value.trim() ? null : t('login.required')),
      password: (value) => (value ? null : t('login.required')),
    },
  });

  const submit = form.onSubmit(async (values) => {
    setSubmitting(true);
    try {
      await signIn(values.username, values.password);
      const target = search.redirect?.startsWith('/') && !search.redirect.startsWith('//') ? search.redirect : '/';
      await navigate({ to: target });
    } catch {
      form.setFieldValue('password', '');
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
            {search.notice === 'passwordEmailSent' && (
              <Alert color="teal" role="status">
                {t('forgot.sent')}
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
