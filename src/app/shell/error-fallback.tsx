import { Alert, Button, Code, Collapse, Container, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { isMissingCode } from './missing-code.ts';

/**
 * Uncaught rendering error (spec 1 §8): the message, the helpdesk prompt and expandable details.
 * A part of the app that was never downloaded to this device (opened offline for the first time)
 * is not a fault to report: it says so, and what to do.
 */
export function ErrorFallback({ error }: ErrorComponentProps) {
  const { t } = useTranslation('common');
  const [open, { toggle }] = useDisclosure(false);
  const missingCode = isMissingCode(error);
  return (
    <Container size="sm" py="xl">
      <Alert color={missingCode ? 'yellow' : 'red'} variant="light" role="alert">
        <Stack gap="sm">
          <Title order={2}>{missingCode ? t('errorBoundary.missingCodeTitle') : t('errorBoundary.title')}</Title>
          <Text>{missingCode ? t('errorBoundary.missingCode') : t('errorBoundary.helpdesk')}</Text>
          <Button variant="subtle" onClick={toggle} w="fit-content" aria-expanded={open}>
            {open ? t('errorBoundary.hideDetails') : t('errorBoundary.showDetails')}
          </Button>
          <Collapse expanded={open}>
            <Code block>{error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(error)}</Code>
          </Collapse>
          <Button onClick={() => window.location.reload()} w="fit-content">
            {missingCode ? t('errorBoundary.tryAgain') : t('errorBoundary.reload')}
          </Button>
        </Stack>
      </Alert>
    </Container>
  );
}
