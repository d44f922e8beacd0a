import { Alert, Button, Checkbox, Group, Modal, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CargoConfig, CompanyProfile } from '#core/contract/companies';
import { cargoCoverageProblems } from '#core/domain/master-data/cargo-coverage';
import { useDiscardGuard } from '#src/ui/discard-guard.tsx';
import { errorMessage } from '../forms/use-record-form.ts';
import { ExplainedButton } from '#src/ui/explained-button.tsx';
import { cargoConfigQuery, useSaveCargoConfig } from './company-queries.ts';

/** Cargo type management (spec 2 §2, §5): checkboxes by category; Save waits while a carrier coverage rule fails. */
export function CargoTypesDialog({ company, onClose }: { company: CompanyProfile; onClose: () => void }) {
  const { data: config } = useQuery(cargoConfigQuery(company.id));
  return config ? (
    <CargoTypesForm company={company} config={config} onClose={onClose} />
  ) : (
    <Modal opened onClose={onClose} title={company.name} size="xl">
      <Stack gap="xs">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} height={24} />
        ))}
      </Stack>
    </Modal>
  );
}

function CargoTypesForm({ company, config, onClose }: { company: CompanyProfile; config: CargoConfig; onClose: () => void }) {
  const { t } = useTranslation('companies');
  const { t: tAdministration } = useTranslation('administration');
  const [selected, setSelected] = useState<number[]>(config.selectedIds);
  const save = useSaveCargoConfig(company.id);
  const dirty = [...selected].sort().join() !== [...config.selectedIds].sort().join();
  const guard = useDiscardGuard(dirty, onClose);
  const problems = cargoCoverageProblems(selected, config);
  const labels = useMemo(() => new Map(config.cargoTypes.map((type) => [type.id, type.label])), [config.cargoTypes]);
  const categories = useMemo(() => {
    const byCategory = new Map<string, CargoConfig['cargoTypes']>();
    for (const type of config.cargoTypes) byCategory.set(type.category, [...(byCategory.get(type.category) ?? []), type]);
    return [...byCategory.entries()];
  }, [config.cargoTypes]);
  const problemText = (problem: (typeof problems)[number]) => {
    const wording = { company: problem.name, cargoTypes: names(problem.cargoTypeIds) };
    return problem.kind === 'clientNotCovered'
      ? t('cargoTypes.clientNotCovered', wording)
      : t('cargoTypes.carrierLacks', wording);
  };
  const names = (ids: number[]) => ids.map((id) => labels.get(id) ?? String(id)).join(', ');

  const submit = async () => {
    try {
      await save.mutateAsync(selected);
      notifications.show({ color: 'green', message: t('cargoTypes.saved', { name: company.name }) });
      onClose();
    } catch (error) {
      notifications.show({ color: 'red', title: t('toast.notSaved'), message: errorMessage(error) });
    }
  };

  return (
    <>
      <Modal
        opened
        onClose={guard.requestClose}
        title={t('cargoTypes.title', { name: company.name })}
        size="xl"
        data-testid="cargo-types-dialog"
      >
        <Stack gap="md">
          {categories.map(([category, types]) => (
            <Checkbox.Group
              key={category}
              label={category}
              value={selected.filter((id) => types.some((type) => type.id === id)).map(String)}
              onChange={(values) =>
                setSelected((current) => [
                  ...current.filter((id) => !types.some((type) => type.id === id)),
                  ...values.map(Number),
                ])
              }
            >
              <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" mt="xs">
                {types.map((type) => (
                  <Checkbox key={type.id} value={String(type.id)} label={type.label} data-testid={`cargo-type-${type.id}`} />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
          ))}
          {problems.length > 0 && (
            <Alert color="yellow" icon={<IconAlertTriangle size={18} />} data-testid="cargo-coverage-warning">
              <Stack gap={4}>
                <Text size="sm" fw={600}>
                  {t('cargoTypes.coverageTitle')}
                </Text>
                {problems.map((problem) => (
                  <Text size="sm" key={`${problem.kind}-${problem.organizationId}`}>
                    {problemText(problem)}
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
              disabled={!dirty || problems.length > 0}
              loading={save.isPending}
              data-testid="cargo-types-save"
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
