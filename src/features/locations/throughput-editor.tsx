import { ActionIcon, Button, Group, NumberInput, Paper, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WEIGHT_UNIT_ABBREVIATIONS, type WeightUnit, weightInputStep, weightPrecision } from '#core/domain/units';
import { useMirrorList } from '#src/data/loads.ts';
import type { ThroughputRowValues } from './location-values.ts';

let nextKey = 0;

/**
 * A location's throughput rules (spec 2 §5): per stop type and cargo type (or any cargo type), a
 * baseline in minutes and a units or weight rate; rows left empty are dropped on save. The stop-time
 * calculation reads the same rules (core/domain/planning). Saved with the location, with a connection.
 */
export function ThroughputEditor({
  rows,
  weightUnit,
  online,
  problem,
  onChange,
}: {
  rows: ThroughputRowValues[];
  weightUnit: WeightUnit;
  online: boolean;
  /** A translation key of what is wrong with the rows, or null. */
  problem: string | null;
  onChange: (rows: ThroughputRowValues[]) => void;
}) {
  const { t } = useTranslation('locations');
  const cargoTypes = useMirrorList('cargoTypes').data ?? [];
  const cargoOptions = [
    { value: 'any', label: t('throughput.anyCargo') },
    ...cargoTypes.map((cargo) => ({ value: String(cargo.id), label: cargo.label })),
  ];
  const change = (key: string, patch: Partial<ThroughputRowValues>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const number = (value: number | string) => (typeof value === 'number' ? value : '');
  return (
    <Stack gap="xs" data-testid="throughput-editor">
      {!online && (
        <Text size="sm" c="dimmed">
          {t('throughput.needsConnection')}
        </Text>
      )}
      {rows.map((row, index) => (
        <Paper key={row.key} withBorder p="xs" data-testid="throughput-row">
          <Group gap="xs" align="flex-end" wrap="wrap">
            <Select
              label={t('throughput.stopType')}
              data={[
                { value: 'Origin', label: t('throughput.origin') },
                { value: 'Destination', label: t('throughput.destination') },
              ]}
              value={row.stopType}
              onChange={(value) => value && change(row.key, { stopType: value as ThroughputRowValues['stopType'] })}
              allowDeselect={false}
              disabled={!online}
              w={140}
            />
            <Select
              label={t('throughput.cargoType')}
              data={cargoOptions}
              value={row.cargoTypeId ?? 'any'}
              onChange={(value) => change(row.key, { cargoTypeId: !value || value === 'any' ? null : value })}
              allowDeselect={false}
              searchable
              disabled={!online}
              w={180}
            />
            <NumberInput
              label={t('throughput.baseline')}
              value={row.baselineLoadingMinutes}
              onChange={(value) => change(row.key, { baselineLoadingMinutes: number(value) })}
              min={1}
              max={600}
              allowDecimal={false}
              disabled={!online}
              w={120}
              data-testid={`throughput-baseline-${index}`}
            />
            <NumberInput
              label={t('throughput.unitsPerMinute')}
              value={row.cargoUnitsPerMinute}
              onChange={(value) => change(row.key, { cargoUnitsPerMinute: number(value) })}
              min={1}
              max={100_000}
              disabled={!online}
              w={120}
            />
            <NumberInput
              label={t('throughput.weightPerMinute', { unit: WEIGHT_UNIT_ABBREVIATIONS[weightUnit] })}
              value={row.weightPerMinute}
              onChange={(value) => change(row.key, { weightPerMinute: number(value) })}
              min={0}
              max={100_000}
              step={weightInputStep(weightUnit)}
              decimalScale={weightPrecision(weightUnit)}
              disabled={!online}
              w={140}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={t('throughput.remove', { number: index + 1 })}
              disabled={!online}
              onClick={() => onChange(rows.filter((entry) => entry.key !== row.key))}
            >
              ×
            </ActionIcon>
          </Group>
        </Paper>
      ))}
      {/* t('locations:throughput.baselineRange'), t('locations:throughput.rateRange'), t('locations:throughput.duplicate') */}
      {problem && (
        <Text size="sm" c="red" role="alert" data-testid="throughput-problem">
          {t(problem)}
        </Text>
      )}
      <Button
        variant="light"
        size="xs"
        disabled={!online}
        onClick={() =>
          onChange([
            ...rows,
            {
              key: `new-rule-${++nextKey}`,
              stopType: 'Origin',
              cargoTypeId: null,
              baselineLoadingMinutes: '',
              cargoUnitsPerMinute: '',
              weightPerMinute: '',
            },
          ])
        }
        data-testid="throughput-add"
      >
        {t('throughput.add')}
      </Button>
    </Stack>
  );
}
