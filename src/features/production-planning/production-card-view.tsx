import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UnplacedReason } from '#core/domain/planning/distribution';

/** What a card on the board shows, already worded (names, amounts and the date in the user's units). */
export interface BoardCard {
  id: number;
  /** How announcements and labels name it: "Origin → Destination, date". */
  name: string;
  cargoTypeId: number;
  origin: string;
  destination: string;
  cargo: string;
  amount: string;
  lotId: string | null;
  orderNumber: string | null;
  productionPlan: string | null;
  date: string;
  /** The texts the day bucket's search looks through, lowercased (searchHaystack). */
  searchHaystack: string;
  /** A create or delete waiting in the outbox. */
  pending: boolean;
  /** Why the preview could not place it, once previewed. */
  unplaced: UnplacedReason | null;
}

export function ProductionCardView({ card }: { card: BoardCard }) {
  const { t } = useTranslation('production-planning');
  const details = [
    card.lotId && t('card.lot', { lot: card.lotId }),
    card.orderNumber && t('card.order', { order: card.orderNumber }),
    card.productionPlan && t('card.plan', { plan: card.productionPlan }),
  ].filter(Boolean);
  return (
    <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
      <Text size="sm" fw={600} lineClamp={2}>
        {t('card.route', { origin: card.origin, destination: card.destination })}
      </Text>
      <Group gap="xs">
        <Text size="sm">{card.cargo}</Text>
        <Text size="sm" fw={500} data-testid="card-amount">
          {card.amount}
        </Text>
        <Text size="xs" c="dimmed">
          {card.date}
        </Text>
      </Group>
      {details.length > 0 && (
        <Text size="xs" c="dimmed">
          {details.join(' · ')}
        </Text>
      )}
      {card.unplaced && (
        // t('production-planning:unplaced.capacity'), t('production-planning:unplaced.compartments'), t('production-planning:unplaced.noTrailer')
        <Text size="xs" c="red.9" fw={500} data-testid="card-unplaced">
          {t(`unplaced.${card.unplaced}`)}
        </Text>
      )}
    </Stack>
  );
}
