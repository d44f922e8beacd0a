import { Alert, Button, Code, Collapse, Container, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/** Uncaught rendering error (spec 1 §8): the message, the helpdesk prompt and expandable details. */
export function ErrorFallback({ error }: ErrorComponentProps) {
  const { t } = useTranslation('common');
  const [open, { toggle }] = useDisclosure(false);
  return (
    <Container size="sm" py="xl">
      <Alert color="red" variant="light" role="alert">
        <Stack gap="sm">
          <Title order={2}>{t('errorBoundary.title')}</Title>
          <Text>{t('errorBoundary.helpdesk')}</Text>
          <Button variant="subtle" onClick={toggle} w="fit-content" aria-expanded={open}>
            {open ? t('errorBoundary.hideDetails') : t('errorBoundary.showDetails')}
          </Button>
          <Collapse expanded={open}>
            <Code block>{error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(error)}</Code>
          </Collapse>
          <Button onClick={() => window.location.reload()} w="fit-content">
            {t('errorBoundary.reload')}
          </Button>
        </Stack>
      </Alert>
    </Container>
  );
}
