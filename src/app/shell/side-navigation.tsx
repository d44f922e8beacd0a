import { NavLink, ScrollArea, Stack } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBuildingFactory2,
  IconChartBar,
  IconChartDots,
  IconFileText,
  IconHome,
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

/** Each link shows only when its page would open (core/domain/access.ts decides both). */
export function SideNavigation({ onNavigate }: { onNavigate: () => void }) {
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

  return (
    <ScrollArea type="auto" data-testid="side-navigation">
      <Stack gap={2}>
        {links.map((link) => {
          const Icon = ICONS[link.page] ?? IconHome;
          return (
            <NavLink
              key={link.page}
              component={Link}
              to={link.to}
              label={t(link.labelKey)}
              leftSection={<Icon size={20} />}
              active={link.to === '/' ? pathname === '/' : pathname.startsWith(link.to)}
              onClick={onNavigate}
              data-nav={link.page}
            />
          );
        })}
        {canOpenPage(self, 'administration') && (
          <NavLink
            label={t('nav.administration')}
            leftSection={<IconSettings size={20} />}
            defaultOpened={inAdministration}
            active={inAdministration}
            data-nav="administration"
            childrenOffset="md"
          >
            <NavLink
              component={Link}
              to="/manage-company"
              label={t('nav.administrationOverview')}
              active={pathname === '/manage-company'}
              onClick={onNavigate}
              data-nav="administration-overview"
            />
            {adminLinks.map((link) => (
              <NavLink
                key={link.section}
                component={Link}
                to={`/manage-company/${link.section}`}
                label={link.label}
                active={pathname === `/manage-company/${link.section}`}
                onClick={onNavigate}
                data-nav={ADMIN_SECTIONS[link.section].page}
              />
            ))}
          </NavLink>
        )}
      </Stack>
    </ScrollArea>
  );
}
