import { Alert, Anchor, Button, Center, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { isEmail, useForm } from '@mantine/form';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnlineStatus } from '#src/data/online-status.ts';
import { requestPasswordReset } from '#src/data/session-queries.ts';

/**
 * Forgot password (spec 3): one required email, then back to /login with the "email sent" notice,
 * worded so that it does not say whether the address belongs to an account (neither does the
 * server's answer). Needs a connection: offline the button is disabled and says why.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const online = useOnlineStatus();
  const [submitting, setSubmitting] = useState(false);
  const [failed, setFailed] = useState(false);
  const form = useForm({
    initialValues: { email: '' },
    validate: { email: isEmail(t('forgot.invalidEmail')) },
  });
  const submit = form.onSubmit(async ({ email }) => {
    setSubmitting(true);
    setFailed(false);
    try {
      await requestPasswordReset(email.trim());
      await navigate({ to: '/login', search: { notice: 'passwordEmailSent' } });
    } catch {
      setFailed(true);
    } finally {
      setSubmitting(false);
    }
  });
  return (
    <Center mih="100dvh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={400}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Title order={1} size="h2">
              {t('forgot.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('forgot.explanation')}
            </Text>
            <TextInput label={t('forgot.email')} type="email" autoComplete="email" required {...form.getInputProps('email')} />
            {failed && (
              <Alert color="red" role="alert">
                {t('link.failed')}
              </Alert>
            )}
            {!online && (
              <Alert color="yellow" role="status" id="forgot-password-offline">
                {t('offline')}
              </Alert>
            )}
            <Button
              type="submit"
              loading={submitting}
              disabled={!online || submitting}
              aria-describedby={online ? undefined : 'forgot-password-offline'}
              fullWidth
            >
              {t('forgot.submit')}
            </Button>
            <Anchor component={Link} to="/login" size="sm" ta="center">
              {t('forgot.backToLogin')}
            </Anchor>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
