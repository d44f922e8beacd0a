import { Modal, Skeleton, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CompanyProfile } from '#core/contract/companies';
import type { FeatureName } from '#core/domain/access';
import { useOnlineStatus } from '#src/data/online-status.ts';
import { errorMessage } from '../forms/use-record-form.ts';
import { companyFeaturesQuery, useToggleFeature } from './company-queries.ts';

/** Feature management (spec 2 §2): a toggle per feature, applied at once; a refusal puts it back. */
export function FeaturesDialog({ company, onClose }: { company: CompanyProfile; onClose: () => void }) {
  const { t } = useTranslation('companies');
  const { t: tAdministration } = useTranslation('administration');
  const online = useOnlineStatus();
  const { data: features } = useQuery(companyFeaturesQuery(company.id));
  const toggle = useToggleFeature(company.id);
  const featureLabels: Record<FeatureName, string> = {
    DeliveryTickets: t('features.names.DeliveryTickets'),
    MergeDrafts: t('features.names.MergeDrafts'),
    UnmergeDrafts: t('features.names.UnmergeDrafts'),
    CascadingStopScheduling: t('features.names.CascadingStopScheduling'),
    BulkScheduling: t('features.names.BulkScheduling'),
    DeliveryTracking: t('features.names.DeliveryTracking'),
    Checklists: t('features.names.Checklists'),
    ProductionPlanning: t('features.names.ProductionPlanning'),
    SiteIssues: t('features.names.SiteIssues'),
    Drafts: t('features.names.Drafts'),
    Reports: t('features.names.Reports'),
    StandardRoutes: t('features.names.StandardRoutes'),
    ServerAPI: t('features.names.ServerAPI'),
  };
  return (
    <Modal opened onClose={onClose} title={t('features.title', { name: company.name })} size="sm" data-testid="features-dialog">
      <Stack gap="xs">
        {!features && Array.from({ length: 6 }, (_, index) => <Skeleton key={index} height={24} />)}
        {features?.map((feature) => (
          <Tooltip key={feature.id} label={tAdministration('needsConnection')} disabled={online}>
            <div>
              <Switch
                label={featureLabels[feature.name]}
                description={feature.description}
                checked={feature.enabled}
                disabled={!online}
                onChange={(event) =>
                  toggle.mutate(
                    { featureId: feature.id, name: feature.name, enabled: event.currentTarget.checked },
                    {
                      onError: (error) =>
                        notifications.show({ color: 'red', title: t('toast.notSaved'), message: errorMessage(error) }),
                    },
                  )
                }
                data-testid={`feature-${feature.name}`}
              />
            </div>
          </Tooltip>
        ))}
        {features?.length === 0 && <Text c="dimmed">{t('features.none')}</Text>}
      </Stack>
    </Modal>
  );
}
