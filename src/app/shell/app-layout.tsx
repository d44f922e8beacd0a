import { AppShell, Burger, Group, Title, UnstyledButton } from '@mantine/core';
import { useDisclosure, useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { Link, Outlet, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CompanySwitcher } from './company-switcher.tsx';
import { SettingsPopover } from './settings-popover.tsx';
import { SideNavigation } from './side-navigation.tsx';
import classes from './skip-link.module.css';
import { SyncIndicator } from './sync-indicator.tsx';
import { UpdatePrompt } from './update-prompt.tsx';
import { registerServiceWorker } from '../service-worker.ts';
import { useSyncedLanguage } from './use-synced-language.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { onUnauthorized } from '#src/data/api-error.ts';
import { selfQuery } from '#src/data/session-queries.ts';
import { useSyncEngine } from '#src/data/sync/use-sync-engine.ts';

const MAIN_CONTENT_ID = 'main-content';

/** The chaos harness's bridge (ARCHITECTURE, Tests): its chunk is never downloaded unless this device opts in. */
const AutomationBridge = lazy(() => import('../automation/automation-bridge.tsx'));
const automationOn = (() => {
  try {
    return localStorage.getItem('dispatch.automation') === 'on';
  } catch {
    return false;
  }
})();
const NAVIGATION_WIDTH = 240;
const RAIL_WIDTH = 64;

/**
 * Beside the page (md and up) the navigation is a rail of icons below 1408 px, so the loads tables
 * show every default column at 1280; the user may pin it either way (kept on this device).
 */
function useNavigationRail() {
  const beside = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  const roomy = useMediaQuery('(min-width: 88em)', true, { getInitialValueInEffect: false });
  const [expanded, setExpanded] = useLocalStorage<boolean | null>({
    key: 'dispatch.navigation.expanded',
    defaultValue: null,
    getInitialValueInEffect: false,
  });
  const rail = beside && !(expanded ?? roomy);
  return { rail, toggle: () => setExpanded(rail) };
}

export function AppLayout() {
  const { t } = useTranslation('common');
  const [navigationOpen, { toggle, close }] = useDisclosure(false);
  const navigationRail = useNavigationRail();
  useSyncedLanguage();
  const { data: self, isSuccess } = useQuery(selfQuery);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // A 401 on any call ends the signed-in state (spec 1 §8); the effect below then goes to /login.
  useEffect(() => onUnauthorized(() => queryClient.setQueryData(selfQuery.queryKey, null)), [queryClient]);
  // The precache (the whole app) is downloaded once someone has signed in, not while the sign-in
  // screen waits for typing; an installed app still works offline after its first sign-in.
  useEffect(registerServiceWorker, []);
  // The server no longer knows this session (it expired, or was ended elsewhere): sign in again.
  useEffect(() => {
    if (isSuccess && self === null) void navigate({ to: '/login' });
  }, [isSuccess, self, navigate]);
  useSyncEngine(self?.id, self?.activeOrganizationId);
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{
        width: { base: NAVIGATION_WIDTH, md: navigationRail.rail ? RAIL_WIDTH : NAVIGATION_WIDTH },
        breakpoint: 'md',
        collapsed: { mobile: !navigationOpen },
      }}
      padding={0}
    >
      {/* The first Tab stop of every signed-in page (WCAG 2.4.1): past the header and navigation. */}
      <a
        href={`#${MAIN_CONTENT_ID}`}
        className={classes.skipLink}
        onClick={(event) => {
          // Focus without a hash in the address, which the router would keep.
          event.preventDefault();
          document.getElementById(MAIN_CONTENT_ID)?.focus();
        }}
        data-testid="skip-link"
      >
        {t('shell.skipToContent')}
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={navigationOpen}
              onClick={toggle}
              hiddenFrom="md"
              size="sm"
              aria-label={t('shell.toggleNavigation')}
              aria-expanded={navigationOpen}
              aria-controls="side-navigation"
            />
            <UnstyledButton component={Link} to="/">
              <Title order={2} size="h4">
                {t('appName')}
              </Title>
            </UnstyledButton>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <SyncIndicator />
            <CompanySwitcher />
            <SettingsPopover />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar id="side-navigation" p={navigationRail.rail ? 'xs' : 'sm'} aria-label={t('shell.navigation')}>
        <SideNavigation onNavigate={close} rail={navigationRail.rail} onToggleRail={navigationRail.toggle} />
      </AppShell.Navbar>
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1}>
        {/* A company switch starts the page again: its filters, selection and open load were the other company's. */}
        <Outlet key={self?.activeOrganizationId} />
        <UpdatePrompt />
      </AppShell.Main>
      {automationOn && (
        <Suspense fallback={null}>
          <AutomationBridge />
        </Suspense>
      )}
    </AppShell>
  );
}
