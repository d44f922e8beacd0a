import { Alert, Button, Checkbox, Group, Modal, Select, Skeleton, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CarrierLinkInput, CompanyCarrierLink, CompanyProfile } from '#core/contract/companies';
import { ApiError } from '#src/data/api-client.ts';
import { organizationsQuery } from '#src/data/session-queries.ts';
import { useDiscardGuard } from '#src/ui/discard-guard.tsx';
import { errorMessage } from '../forms/use-record-form.ts';
import { ExplainedButton } from '#src/ui/explained-button.tsx';
import {
  type CarrierRow,
  carrierLinksToSave,
  carrierRows,
  rolesEditable,
  setCarrierEnabled,
  type UncoveredCarrier,
  uncoveredCarriers,
} from './carrier-links.ts';
import { cargoConfigQuery, companyCarriersQuery, useSaveCarriers } from './company-queries.ts';

const OWNERSHIPS = ['Owning', 'Carrier', 'Both'] as const;
const ROLE_FIELDS = ['loadDriver', 'loadTractor', 'loadTrailer'] as const;

/** Carrier management (spec 2 §2, §5): the carrier companies with name, enabled, active, driver, tractor, trailer. */
export function CarriersDialog({ company, onClose }: { company: CompanyProfile; onClose: () => void }) {
  const { data: companies } = useQuery(organizationsQuery);
  const { data: links } = useQuery(companyCarriersQuery(company.id));
  return companies && links ? (
    <CarriersForm company={company} rows={carrierRows(company.id, companies, links)} onClose={onClose} />
  ) : (
    <Modal opened onClose={onClose} title={company.name} size="lg">
      <Stack gap="xs">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} height={28} />
        ))}
      </Stack>
    </Modal>
  );
}

function CarriersForm({ company, rows: initial, onClose }: { company: CompanyProfile; rows: CarrierRow[]; onClose: () => void }) {
  const { t } = useTranslation('companies');
  const { t: tAdministration } = useTranslation('administration');
  const [rows, setRows] = useState(initial);
  const [uncovered, setUncovered] = useState<UncoveredCarrier[]>([]);
  // The catalogue names the cargo types a refused carrier lacks.
  const { data: cargoConfig } = useQuery(cargoConfigQuery(company.id));
  const save = useSaveCarriers(company.id);
  const dirty = JSON.stringify(rows) !== JSON.stringify(initial);
  const guard = useDiscardGuard(dirty, onClose);
  const update = (index: number, change: (row: CarrierRow) => CarrierRow) =>
    setRows((current) => current.map((row, at) => (at === index ? change(row) : row)));
  const roleLabels = {
    loadDriver: t('carriers.loadDriver'),
    loadTractor: t('carriers.loadTractor'),
    loadTrailer: t('carriers.loadTrailer'),
  };
  const ownershipLabels = {
    Owning: t('carriers.ownership.Owning'),
    Carrier: t('carriers.ownership.Carrier'),
    Both: t('carriers.ownership.Both'),
  };
  const setLink = (index: number, link: Partial<CarrierLinkInput>) =>
    update(index, (row) => ({ ...row, link: { ...row.link, ...link } }));

  const cargoTypeNames = (ids: readonly number[]) =>
    ids.map((id) => cargoConfig?.cargoTypes.find((type) => type.id === id)?.label ?? String(id)).join(', ');
  const carrierName = (id: number) => rows.find((row) => row.carrierOrganizationId === id)?.name ?? String(id);

  const submit = async () => {
    setUncovered([]);
    try {
      await save.mutateAsync(carrierLinksToSave(rows));
      notifications.show({ color: 'green', message: t('carriers.saved', { name: company.name }) });
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && Array.isArray(error.body?.current)) {
        setRows(
          carrierRows(
            company.id,
            rows.map((row) => ({ id: row.carrierOrganizationId, name: row.name, isCarrier: true })),
            error.body.current as CompanyCarrierLink[],
          ),
        );
        notifications.show({ color: 'yellow', message: tAdministration('staleEdit') });
        return;
      }
      const refused = error instanceof ApiError && error.status === 422 && error.body ? uncoveredCarriers(error.body) : [];
      if (refused.length > 0) {
        setUncovered(refused);
        return;
      }
      notifications.show({ color: 'red', title: t('toast.notSaved'), message: errorMessage(error) });
    }
  };

  return (
    <>
      <Modal
        opened
        onClose={guard.requestClose}
        title={t('carriers.title', { name: company.name })}
        size="lg"
        data-testid="carriers-dialog"
      >
        <Stack gap="md">
          {rows.length === 0 ? (
            <Text c="dimmed">{t('carriers.none')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('carriers.name')}</Table.Th>
                    <Table.Th>{t('carriers.enabled')}</Table.Th>
                    <Table.Th>{t('carriers.active')}</Table.Th>
                    {ROLE_FIELDS.map((field) => (
                      <Table.Th key={field}>{roleLabels[field]}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row, index) => (
                    <Table.Tr key={row.carrierOrganizationId} data-testid={`carrier-${row.carrierOrganizationId}`}>
                      <Table.Td>{row.name}</Table.Td>
                      <Table.Td>
                        <Checkbox
                          aria-label={t('carriers.enabledOf', { name: row.name })}
                          checked={row.enabled}
                          disabled={row.saved}
                          onChange={(event) => {
                            const checked = event.currentTarget.checked;
                            update(index, (current) => setCarrierEnabled(current, checked));
                          }}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Checkbox
                          aria-label={t('carriers.activeOf', { name: row.name })}
                          checked={row.link.isActive}
                          disabled={!row.enabled}
                          onChange={(event) => setLink(index, { isActive: event.currentTarget.checked })}
                        />
                      </Table.Td>
                      {ROLE_FIELDS.map((field) => (
                        <Table.Td key={field}>
                          <Select
                            aria-label={`${roleLabels[field]} (${row.name})`}
                            size="xs"
                            w={110}
                            data={OWNERSHIPS.map((value) => ({ value, label: ownershipLabels[value] }))}
                            value={row.link[field]}
                            disabled={!rolesEditable(row)}
                            allowDeselect={false}
                            onChange={(value) => value && setLink(index, { [field]: value as (typeof OWNERSHIPS)[number] })}
                          />
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {uncovered.length > 0 && (
            <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="carrier-coverage-refused">
              <Stack gap={4}>
                <Text size="sm" fw={600}>
                  {t('carriers.coverageRefused')}
                </Text>
                {uncovered.map((carrier) => (
                  <Text size="sm" key={carrier.carrierOrganizationId}>
                    {t('cargoTypes.carrierLacks', {
                      company: carrierName(carrier.carrierOrganizationId),
                      cargoTypes: cargoTypeNames(carrier.cargoTypeIds),
                    })}
                  </Text>
                ))}
              </Stack>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={guard.requestClose}>
              {tAdministration('cancel')}
            </Button>
            <ExplainedButton
              needsConnection
              onClick={() => void submit()}
              disabled={!dirty}
              loading={save.isPending}
              data-testid="carriers-save"
            >
              {t('save')}
            </ExplainedButton>
          </Group>
        </Stack>
      </Modal>
      {guard.confirmation}
    </>
  );
}
