import { Group, List, ScrollArea, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '#core/contract/orders';
import type { ActionFormatting } from '../actions/use-action-formatting.ts';

/** A dialog lists at most this many drafts; the rest are counted (a week can hold a thousand). */
export const DRAFT_LIST_LIMIT = 100;

interface DraftListProps {
  drafts: readonly Order[];
  format: ActionFormatting;
  /** Extra content after a draft's name and date (its completeness, its status). */
  detail?: (draft: Order, index: number) => ReactNode;
  'data-testid'?: string;
}

/** The drafts a planning dialog acts on: name and date, one a line, scrolling inside the dialog. */
export function DraftList({ drafts, format, detail, ...props }: DraftListProps) {
  const { t } = useTranslation('planning');
  const shown = drafts.slice(0, DRAFT_LIST_LIMIT);
  return (
    <ScrollArea.Autosize mah="calc(100dvh - 360px)" mih={80} type="auto">
      <List size="sm" spacing={4} listStyleType="none" data-testid={props['data-testid']}>
        {shown.map((draft, index) => (
          <List.Item key={draft.id} data-testid="planning-draft" data-load-id={draft.id}>
            <Group gap="xs" wrap="wrap">
              <Text size="sm" fw={500}>
                {format.label(draft)}
              </Text>
              <Text size="sm" c="dimmed">
                {format.formatDateTime(draft.date)}
              </Text>
              {detail?.(draft, index)}
            </Group>
          </List.Item>
        ))}
      </List>
      {drafts.length > shown.length && (
        <Text size="sm" c="dimmed" mt="xs">
          {t('moreDrafts', { count: drafts.length - shown.length })}
        </Text>
      )}
    </ScrollArea.Autosize>
  );
}
