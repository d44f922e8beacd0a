import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

function BackButton() {
  const { t } = useTranslation('access');
  const router = useRouter();
  return (
    <Button variant="light" onClick={() => (window.history.length > 1 ? router.history.back() : router.navigate({ to: '/' }))}>
      {t('back')}
    </Button>
  );
}

/** Access denied (spec 1 §8): heading, message, back button. */
export function UnauthorisedPage() {
  const { t } = useTranslation('access');
  return (
    <Center mih="50vh" p="md">
      <Stack align="center" gap="sm" data-testid="unauthorised">
        <Title order={1}>{t('unauthorised.title')}</Title>
        <Text c="dimmed">{t('unauthorised.message')}</Text>
        <BackButton />
      </Stack>
    </Center>
  );
}

/** Tier too low or feature not switched on for the company. */
export function PremiumNotice() {
  const { t } = useTranslation('access');
  return (
    <Center mih="50vh" p="md">
      <Stack align="center" gap="sm" data-testid="premium-notice">
        <Title order={2}>{t('premium.message')}</Title>
        <BackButton />
      </Stack>
    </Center>
  );
}

/** A screen whose own issue has not landed yet; its access gate is already real. */
export function ComingSoon({ title }: { title: string }) {
  const { t } = useTranslation('access');
  return (
    <Stack gap="sm" p="md" data-testid="coming-soon">
      <Title order={1}>{title}</Title>
      <Text c="dimmed">{t('comingSoon')}</Text>
    </Stack>
  );
}
