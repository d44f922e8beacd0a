import { Box, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { COMPARTMENTS_PER_ROW, compartmentRows } from './compartment-layout.ts';

/** Distinct colours for the cards of one draft, by their place in it (Mantine palette names). */
const PART_COLORS = ['blue', 'teal', 'grape', 'orange', 'cyan', 'lime', 'pink', 'indigo', 'yellow', 'red'];

export interface DiagramPart {
  cardId: number;
  compartments: number;
  /** The card as the legend names it. */
  label: string;
}

/**
 * A draft's compartments (spec 3 §9): at least 8, up to the larger of the trailer's count and those
 * used, 10 per row; each card's compartments in its colour, with a legend naming the cards.
 */
export function CompartmentDiagram({
  trailerCompartments,
  parts,
}: {
  trailerCompartments: number;
  parts: readonly DiagramPart[];
}) {
  const { t } = useTranslation('production-planning');
  const rows = compartmentRows(trailerCompartments, parts);
  const colorOf = new Map(parts.map((part, index) => [part.cardId, PART_COLORS[index % PART_COLORS.length] ?? 'blue']));
  const used = parts.reduce((sum, part) => sum + part.compartments, 0);
  return (
    <Stack gap={4} data-testid="compartment-diagram">
      <Text size="xs" c="dimmed">
        {t('preview.compartmentsUsed', { used, count: trailerCompartments })}
      </Text>
      <Box role="img" aria-label={t('preview.diagramLabel', { used, count: trailerCompartments })}>
        <Stack gap={4}>
          {rows.map((row) => (
            <SimpleGrid key={row[0]?.number} cols={COMPARTMENTS_PER_ROW} spacing={4}>
              {row.map((slot) => {
                const color = slot.cardId === null ? null : colorOf.get(slot.cardId);
                return (
                  <Box
                    key={slot.number}
                    data-testid="compartment"
                    data-filled={slot.cardId !== null || undefined}
                    data-beyond-trailer={slot.overflow || undefined}
                    h={28}
                    style={{
                      borderRadius: 4,
                      border: `1px ${slot.overflow ? 'dashed' : 'solid'} var(--mantine-color-default-border)`,
                      // Light fills keep the compartment numbers readable (dark text on every colour).
                      background: color ? `var(--mantine-color-${color}-2)` : undefined,
                      borderColor: color ? `var(--mantine-color-${color}-7)` : undefined,
                      color: color ? 'var(--mantine-color-black)' : 'var(--mantine-color-gray-7)',
                      display: 'flex',
                      alignItems: 'center',
                      justifyContent: 'center',
                      fontSize: 'var(--mantine-font-size-xs)',
                    }}
                  >
                    {slot.number}
                  </Box>
                );
              })}
            </SimpleGrid>
          ))}
        </Stack>
      </Box>
      <Group gap="sm">
        {parts.map((part) => (
          <Group key={part.cardId} gap={4} wrap="nowrap">
            <Box
              w={12}
              h={12}
              style={{
                borderRadius: 2,
                background: `var(--mantine-color-${colorOf.get(part.cardId)}-2)`,
                border: `1px solid var(--mantine-color-${colorOf.get(part.cardId)}-7)`,
              }}
              aria-hidden
            />
            <Text size="xs">{t('preview.legend', { card: part.label, count: part.compartments })}</Text>
          </Group>
        ))}
      </Group>
    </Stack>
  );
}
