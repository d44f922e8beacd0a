import { ActionIcon, Button, Group, NumberInput, Select, Tooltip } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  gramsToDisplayWeight,
  WEIGHT_UNIT_ABBREVIATIONS,
  type WeightUnit,
  weightInputStep,
  weightPrecision,
  weightUnitToGrams,
} from '#core/domain/units';
import { WEIGHT_OPERATORS, type WeightFilter, type WeightOperator } from './filter-loads.ts';

/** The amount a filter shows in the user's current unit (a preset may have been saved in another). */
function shownAmount(filter: WeightFilter, unit: WeightUnit) {
  return filter.unit === unit ? filter.value : gramsToDisplayWeight(weightUnitToGrams(filter.value, filter.unit), unit);
}

/**
 * The toolbar weight filter (spec 1 §2): an operator and a number in the user's weight unit.
 * Apply stays disabled until the value is a number; the comparison itself is made in grams.
 */
export function WeightFilterInput({
  value,
  unit,
  onApply,
}: {
  value: WeightFilter | null;
  unit: WeightUnit;
  onApply: (filter: WeightFilter | null) => void;
}) {
  const { t } = useTranslation('loads');
  const [operator, setOperator] = useState<WeightOperator>(value?.operator ?? '>=');
  const [amount, setAmount] = useState<number | string>(value ? shownAmount(value, unit) : '');

  // A preset or a reset replaces the applied filter: show it.
  useEffect(() => {
    setOperator(value?.operator ?? '>=');
    setAmount(value ? shownAmount(value, unit) : '');
  }, [value, unit]);

  const isNumber = typeof amount === 'number' && Number.isFinite(amount);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (isNumber) onApply({ operator, value: amount, unit });
      }}
    >
      <Group gap={4} wrap="nowrap" data-testid="weight-filter">
        <Select
          aria-label={t('weightFilter.operator')}
          w={72}
          data={WEIGHT_OPERATORS.map((option) => ({ value: option, label: option }))}
          value={operator}
          allowDeselect={false}
          onChange={(next) => next && setOperator(next as WeightOperator)}
          data-testid="weight-operator"
        />
        <NumberInput
          aria-label={t('weightFilter.value', { unit: WEIGHT_UNIT_ABBREVIATIONS[unit] })}
          placeholder={t('weightFilter.placeholder')}
          w={130}
          min={0}
          step={weightInputStep(unit)}
          decimalScale={weightPrecision(unit)}
          rightSection={WEIGHT_UNIT_ABBREVIATIONS[unit]}
          value={amount}
          onChange={setAmount}
          data-testid="weight-value"
        />
        <Button type="submit" variant="light" disabled={!isNumber} data-testid="weight-apply">
          {t('weightFilter.apply')}
        </Button>
        {value && (
          <Tooltip label={t('weightFilter.clear')}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={t('weightFilter.clear')}
              onClick={() => onApply(null)}
            >
              <IconX size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    </form>
  );
}
