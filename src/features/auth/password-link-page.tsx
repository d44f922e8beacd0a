import { Alert, Center, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserTokenPurpose } from '#core/contract/onboarding';
import { ApiError } from '#src/data/api-error.ts';
import { useOnlineStatus } from '#src/data/online-status.ts';
import { NewPasswordForm } from './new-password-form.tsx';
import { checkPasswordLink, setPasswordWithLink } from './password-links.ts';

/**
 * The screen a mailed link opens (spec 3 "Account activation", and the password reset built the
 * same way): the link is checked first (skeleton meanwhile); one no longer valid sends the user to
 * sign-in with the "link expired" warning; otherwise the new password is set and the user goes to
 * sign-in with the "activated" or "password changed" notice. Works signed out; needs a connection.
 */
export function PasswordLinkPage({ purpose, token }: { purpose: UserTokenPurpose; token: string }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const online = useOnlineStatus();
  const [failed, setFailed] = useState(false);
  const link = useQuery({
    queryKey: ['password-link', purpose, token],
    queryFn: () => checkPasswordLink(purpose, token),
    retry: false,
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const expired = link.data === false;

  useEffect(() => {
    if (expired) void navigate({ to: '/login', search: { notice: 'linkExpired' }, replace: true });
  }, [expired, navigate]);

  const save = async (password: string, repeat: string) => {
    setFailed(false);
    try {
      await setPasswordWithLink(purpose, token, password, repeat);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        await navigate({ to: '/login', search: { notice: 'linkExpired' }, replace: true });
      } else setFailed(true);
      return;
    }
    await navigate({ to: '/login', search: { notice: purpose === 'activation' ? 'userActivated' : 'passwordChanged' } });
  };

  const texts =
    purpose === 'activation'
      ? { title: t('activate.title'), explanation: t('activate.explanation'), submit: t('activate.submit') }
      : { title: t('reset.title'), explanation: t('reset.explanation'), submit: t('reset.submit') };

  return (
    <Center mih="100dvh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={420} radius="md">
        <Stack gap="md">
          <Title order={1} size="h2">
            {texts.title}
          </Title>
          {link.data === true ? (
            <>
              <Text size="sm" c="dimmed">
                {texts.explanation}
              </Text>
              {failed && (
                <Alert color="red" role="alert">
                  {t('link.failed')}
                </Alert>
              )}
              <NewPasswordForm submitLabel={texts.submit} onSubmit={save} />
            </>
          ) : link.isError || !online ? (
            <Alert color={online ? 'red' : 'yellow'} role="alert">
              {online ? t('link.failed') : t('offline')}
            </Alert>
          ) : (
            <Stack gap="sm" aria-busy="true" aria-label={t('link.checking')} data-testid="password-link-checking">
              <Skeleton height={14} width="80%" />
              <Skeleton height={36} />
              <Skeleton height={36} />
              <Skeleton height={36} />
            </Stack>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
