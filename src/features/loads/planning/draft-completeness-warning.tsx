import { ActionIcon, List, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompletenessRule } from '#core/domain/planning/index';
import { usePlanningText } from './planning-messages.ts';

interface DraftCompletenessWarningProps {
  /** The rules the draft fails (`draftCompleteness(...).missing`, computed once per draft by the table's rows). */
  missing: readonly CompletenessRule[];
  /** How the row names its load. */
  load: string;
}

/**
 * The warning of an incomplete draft's row (spec 1 §5): its tooltip names what is missing. A button so
 * that keyboard and touch users reach the tooltip too; only incomplete rows render it.
 */
export const DraftCompletenessWarning = memo(function DraftCompletenessWarning({ missing, load }: DraftCompletenessWarningProps) {
  const { t } = useTranslation('planning');
  const text = usePlanningText();
  const reasons = missing.map(text.completeness);
  return (
    <Tooltip
      label={
        <>
          <Text size="xs" fw={700}>
            {t('completeness.title')}
          </Text>
          <List size="xs" c="inherit">
            {reasons.map((reason) => (
              <List.Item key={reason}>{reason}</List.Item>
            ))}
          </List>
        </>
      }
      multiline
      maw={320}
      withArrow
      events={{ hover: true, focus: true, touch: true }}
    >
      <ActionIcon
        variant="subtle"
        color="yellow"
        aria-label={t('completeness.iconLabel', { load, missing: reasons.join('; ') })}
        data-testid="draft-incomplete"
        data-missing={missing.join(' ')}
      >
        <IconAlertTriangle size={16} />
      </ActionIcon>
    </Tooltip>
  );
});
