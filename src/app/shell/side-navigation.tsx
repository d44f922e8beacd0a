import { ActionIcon, Menu, NavLink, ScrollArea, Stack, Tooltip } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBuildingFactory2,
  IconChartBar,
  IconChartDots,
  IconFileText,
  IconHome,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconMap2,
  IconRoute,
  IconSettings,
  IconTool,
  IconTruckDelivery,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { canOpenPage, type PageKey } from '#core/domain/access';
import { selfQuery } from '#src/data/session-queries.ts';
import { ADMIN_SECTIONS, type AdminSection, MAIN_PAGES } from '#src/features/access/pages.ts';

const ICONS: Partial<Record<PageKey, typeof IconHome>> = {
  home: IconHome,
  loads: IconTruckDelivery,
  drafts: IconFileText,
  liveMap: IconMap2,
  productionPlanning: IconBuildingFactory2,
  reports: IconChartBar,
  interactiveReports: IconChartDots,
  maintenance: IconTool,
  siteIssues: IconAlertTriangle,
  mapHelpers: IconRoute,
};

export interface SideNavigationProps {
  onNavigate: () => void;
  /** Icons only, each named by its tooltip: what leaves the loads tables their width below 1408 px. */
  rail: boolean;
  /** Offered from the md breakpoint up, where the navigation sits beside the page. */
  onToggleRail?: () => void;
}

/** Each link shows only when its page would open (core/domain/access.ts decides both). */
export function SideNavigation({ onNavigate, rail, onToggleRail }: SideNavigationProps) {
  const { t } = useTranslation('common');
  const { data: self } = useQuery(selfQuery);
  const { pathname } = useLocation();
  if (!self) return null;

  const links = MAIN_PAGES.filter((link) => canOpenPage(self, link.page));
  const adminLinks = canOpenPage(self, 'administration')
    ? (Object.keys(ADMIN_SECTIONS) as AdminSection[])
        .filter((section) => canOpenPage(self, ADMIN_SECTIONS[section].page))
        .map((section) => ({ section, label: t(ADMIN_SECTIONS[section].labelKey) }))
        .sort((a, b) => a.label.localeCompare(b.label))
    : [];
  const inAdministration = pathname.startsWith('/manage-company');
  const administrationEntries = [
    { key: 'overview', to: '/manage-company', label: t('nav.administrationOverview'), nav: 'administration-overview' },
    ...adminLinks.map((link) => ({
      key: link.section,
      to: `/manage-company/${link.section}`,
      label: link.label,
      nav: ADMIN_SECTIONS[link.section].page,
    })),
  ];

  return (
    <Stack gap="xs" h="100%" justify="space-between" data-testid="side-navigation" data-rail={rail || undefined}>
      <ScrollArea type="auto">
        <Stack gap={2}>
          {links.map((link) => {
            const Icon = ICONS[link.page] ?? IconHome;
            const label = t(link.labelKey);
            const entry = (
              <NavLink
                component={Link}
                to={link.to}
                label={rail ? undefined : label}
                aria-label={rail ? label : undefined}
                leftSection={<Icon size={20} />}
                active={link.to === '/' ? pathname === '/' : pathname.startsWith(link.to)}
                onClick={onNavigate}
                data-nav={link.page}
              />
            );
            return rail ? (
              <Tooltip key={link.page} label={label} position="right" withArrow>
                {entry}
              </Tooltip>
            ) : (
              <div key={link.page}>{entry}</div>
            );
          })}
          {canOpenPage(self, 'administration') &&
            (rail ? (
              <Menu position="right-start" withArrow>
                <Menu.Target>
                  <Tooltip label={t('nav.administration')} position="right" withArrow>
                    <NavLink
                      component="button"
                      aria-label={t('nav.administration')}
                      leftSection={<IconSettings size={20} />}
                      active={inAdministration}
                      data-nav="administration"
                    />
                  </Tooltip>
                </Menu.Target>
                <Menu.Dropdown data-testid="administration-menu">
                  <Menu.Label>{t('nav.administration')}</Menu.Label>
                  {administrationEntries.map((entry) => (
                    <Menu.Item
                      key={entry.key}
                      component={Link}
                      to={entry.to}
                      onClick={onNavigate}
                      data-nav={entry.nav}
                      fw={pathname === entry.to ? 600 : undefined}
                    >
                      {entry.label}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
            ) : (
              <NavLink
                label={t('nav.administration')}
                leftSection={<IconSettings size={20} />}
                defaultOpened={inAdministration}
                active={inAdministration}
                data-nav="administration"
                childrenOffset="md"
              >
                {administrationEntries.map((entry) => (
                  <NavLink
                    key={entry.key}
                    component={Link}
                    to={entry.to}
                    label={entry.label}
                    active={pathname === entry.to}
                    onClick={onNavigate}
                    data-nav={entry.nav}
                  />
                ))}
              </NavLink>
            ))}
        </Stack>
      </ScrollArea>
      {onToggleRail && (
        <Tooltip label={rail ? t('shell.expandNavigation') : t('shell.collapseNavigation')} position="right" withArrow>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={rail ? t('shell.expandNavigation') : t('shell.collapseNavigation')}
            onClick={onToggleRail}
            visibleFrom="md"
            data-testid="navigation-rail-toggle"
          >
            {rail ? <IconLayoutSidebarLeftExpand size={20} /> : <IconLayoutSidebarLeftCollapse size={20} />}
          </ActionIcon>
        </Tooltip>
      )}
    </Stack>
  );
}
