import { Anchor, Button, Center, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { isEmail, useForm } from '@mantine/form';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requestPasswordReset } from '#src/data/session-queries.ts';

/** Forgot password (spec 3): one required email, then back to /login with the "email sent" notice. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({
    initialValues: { email: '' },
    validate: { email: isEmail(t('forgot.invalidEmail')) },
  });
  const submit = form.onSubmit(async ({ email }) => {
    setSubmitting(true);
    try {
      await requestPasswordReset(email.trim());
      await navigate({ to: '/login', search: { notice: 'passwordEmailSent' } });
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
            <Button type="submit" loading={submitting} fullWidth>
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
