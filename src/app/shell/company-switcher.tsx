import { Select } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canOpenPage, hasPermission } from '#core/domain/access';
import { useOutboxChanges } from '#src/data/loads.ts';
import { organizationsQuery, selfQuery, switchOrganization } from '#src/data/session-queries.ts';
import { pageAtPath } from '#src/features/access/pages.ts';
import { reportError } from '../error-reporting.ts';

/** Header dropdown for users with ViewAllCompanies: picking a company switches the active one. */
export function CompanySwitcher() {
  const { t } = useTranslation('common');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const { data: self } = useQuery(selfQuery);
  const allowed = Boolean(self && hasPermission(self, 'ViewAllCompanies'));
  const organizations = useQuery({ ...organizationsQuery, enabled: allowed });
  const [switching, setSwitching] = useState(false);
  const queued = useOutboxChanges();
  if (!self || !allowed) return null;
  return (
    <Select
      aria-label={t('shell.company')}
      data-testid="company-switcher"
      w={200}
      visibleFrom="sm"
      searchable
      allowDeselect={false}
      // Queued changes belong to the current company; switching first would send them to another.
      disabled={switching || queued.length > 0}
      value={String(self.activeOrganizationId)}
      data={(organizations.data ?? [{ id: self.activeOrganizationId, name: self.organization.name }]).map((organization) => ({
        value: String(organization.id),
        label: organization.name,
      }))}
      onChange={async (value) => {
        if (!value || Number(value) === self.activeOrganizationId) return;
        setSwitching(true);
        try {
          const switched = await switchOrganization(queryClient, Number(value));
          // The same page in the new company when it may open it (a week, not a load of the old one), else Home.
          const page = pageAtPath(pathname);
          if (page && canOpenPage(switched, page)) {
            await navigate({ to: pathname, search: (previous: { week?: string }) => ({ week: previous.week }) });
          } else await navigate({ to: '/' });
        } catch (error) {
          reportError(error);
        } finally {
          setSwitching(false);
        }
      }}
    />
  );
}
