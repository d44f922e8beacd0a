import { ActionIcon, Button, Group, NumberInput, Popover, Select, Tooltip } from '@mantine/core';
import { IconScale, IconX } from '@tabler/icons-react';
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
 * It waits behind a button naming the filter in force, so the toolbar keeps to one row.
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
  const [opened, setOpened] = useState(false);
  const [operator, setOperator] = useState<WeightOperator>(value?.operator ?? '>=');
  const [amount, setAmount] = useState<number | string>(value ? shownAmount(value, unit) : '');

  // A preset or a reset replaces the applied filter: show it.
  useEffect(() => {
    setOperator(value?.operator ?? '>=');
    setAmount(value ? shownAmount(value, unit) : '');
  }, [value, unit]);

  const isNumber = typeof amount === 'number' && Number.isFinite(amount);
  const applied = value ? `${value.operator} ${shownAmount(value, unit)} ${WEIGHT_UNIT_ABBREVIATIONS[unit]}` : null;
  return (
    <Group gap={2} wrap="nowrap">
      <Popover opened={opened} onChange={setOpened} position="bottom-end" shadow="md" trapFocus returnFocus withArrow>
        <Popover.Target>
          <Button
            variant={value ? 'light' : 'default'}
            leftSection={<IconScale size={16} />}
            onClick={() => setOpened((open) => !open)}
            aria-label={applied ? t('weightFilter.appliedLabel', { filter: applied }) : t('weightFilter.button')}
            data-testid="weight-filter-button"
          >
            {applied ?? t('weightFilter.button')}
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (!isNumber) return;
              onApply({ operator, value: amount, unit });
              setOpened(false);
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
                comboboxProps={{ withinPortal: false }}
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
                data-autofocus
                data-testid="weight-value"
              />
              <Button type="submit" variant="light" disabled={!isNumber} data-testid="weight-apply">
                {t('weightFilter.apply')}
              </Button>
            </Group>
          </form>
        </Popover.Dropdown>
      </Popover>
      {value && (
        <Tooltip label={t('weightFilter.clear')}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="input-sm"
            aria-label={t('weightFilter.clear')}
            onClick={() => onApply(null)}
            data-testid="weight-clear"
          >
            <IconX size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
