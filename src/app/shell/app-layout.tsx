import { AppShell, Burger, Group, Title, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, Outlet } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CompanySwitcher } from './company-switcher.tsx';
import { ConnectionBadge } from './connection-badge.tsx';
import { SettingsPopover } from './settings-popover.tsx';
import { SideNavigation } from './side-navigation.tsx';
import { UpdatePrompt } from './update-prompt.tsx';
import { useSyncedLanguage } from './use-synced-language.ts';

export function AppLayout() {
  const { t } = useTranslation('common');
  const [navigationOpen, { toggle, close }] = useDisclosure(false);
  useSyncedLanguage();
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'md', collapsed: { mobile: !navigationOpen } }}
      padding={0}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={navigationOpen} onClick={toggle} hiddenFrom="md" size="sm" aria-label={t('shell.toggleNavigation')} />
            <UnstyledButton component={Link} to="/">
              <Title order={2} size="h4">
                {t('appName')}
              </Title>
            </UnstyledButton>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <ConnectionBadge />
            <CompanySwitcher />
            <SettingsPopover />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label={t('shell.navigation')}>
        <SideNavigation onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
        <UpdatePrompt />
      </AppShell.Main>
    </AppShell>
  );
}
