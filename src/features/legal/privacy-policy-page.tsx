import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

const SECTIONS = ['collection', 'location', 'use', 'sharing', 'retention', 'security', 'rights', 'terms', 'contact'] as const;

/** Static privacy policy and terms of service, effective 11 November 2019 (spec 3). */
export function PrivacyPolicyPage() {
  const { t, i18n } = useTranslation('legal');
  const effective = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2019, 10, 11)),
  );
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t('title')}</Title>
        <Text c="dimmed">{t('effective', { date: effective })}</Text>
        <Text>{t('intro')}</Text>
        {SECTIONS.map((section) => (
          <Stack gap="xs" key={section} component="section">
            <Title order={2} size="h4">
              {t(`sections.${section}.heading`)}
            </Title>
            <Text>{t(`sections.${section}.body`)}</Text>
          </Stack>
        ))}
        <Anchor component={Link} to="/">
          {t('back')}
        </Anchor>
      </Stack>
    </Container>
  );
}
