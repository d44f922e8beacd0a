import { ActionIcon, Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { WeekRange } from '#core/domain/weeks';

/** Previous week, the week shown (Sunday to Saturday), next week and back to this week. */
export function WeekNavigator({
  week,
  timezone,
  isCurrent,
  onShift,
  onCurrent,
}: {
  week: WeekRange;
  timezone: string;
  isCurrent: boolean;
  onShift: (offset: number) => void;
  onCurrent: () => void;
}) {
  const { t, i18n } = useTranslation('loads');
  // Made once per week and language: a formatter costs milliseconds, and the table renders this for each step of rows.
  const range = useMemo(
    () =>
      new Intl.DateTimeFormat(i18n.language, {
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        timeZone: timezone,
      }).formatRange(week.start, week.end),
    [i18n.language, timezone, week.start, week.end],
  );
  return (
    <Group gap="xs" wrap="nowrap" data-testid="week-navigator">
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={t('week.previous')}
        onClick={() => onShift(-1)}
        data-testid="week-previous"
      >
        <IconChevronLeft size={18} />
      </ActionIcon>
      <Text fw={500} miw={190} ta="center" aria-live="polite" data-testid="week-label">
        {range}
      </Text>
      <ActionIcon variant="default" size="lg" aria-label={t('week.next')} onClick={() => onShift(1)} data-testid="week-next">
        <IconChevronRight size={18} />
      </ActionIcon>
      <Button variant="subtle" onClick={onCurrent} disabled={isCurrent}>
        {t('week.current')}
      </Button>
    </Group>
  );
}
