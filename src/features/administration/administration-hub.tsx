import { Anchor, Card, SimpleGrid, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { canOpenPage } from '#core/domain/access';
import { ADMIN_GROUPS } from '#core/resources/resource';
import { selfQuery } from '#src/data/session-queries.ts';
import { ADMIN_SECTIONS, type AdminSection } from '#src/features/access/pages.ts';

/** /manage-company: cards grouped as equipment, people, sites, system, companies (spec 2 §2). */
export function AdministrationHub() {
  const { t } = useTranslation('common');
  const { data: self } = useQuery(selfQuery);
  if (!self) return null;
  const sections = (Object.keys(ADMIN_SECTIONS) as AdminSection[]).filter((section) =>
    canOpenPage(self, ADMIN_SECTIONS[section].page),
  );
  return (
    <Stack gap="lg" p="md">
      <Title order={1} size="h2">
        {t('nav.administration')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {ADMIN_GROUPS.map((group) => {
          const links = sections
            .filter((section) => ADMIN_SECTIONS[section].group === group)
            .map((section) => ({ section, label: t(ADMIN_SECTIONS[section].labelKey) }))
            .sort((a, b) => a.label.localeCompare(b.label));
          if (links.length === 0) return null;
          return (
            <Card withBorder padding="lg" key={group}>
              <Title order={2} size="h5" mb="sm">
                {t(`adminGroups.${group}`)}
              </Title>
              <Stack gap="xs">
                {links.map((link) => (
                  <Anchor component={Link} to={`/manage-company/${link.section}`} key={link.section}>
                    {link.label}
                  </Anchor>
                ))}
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
