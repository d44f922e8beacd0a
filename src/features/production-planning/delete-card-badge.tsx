import { useTranslation } from 'react-i18next';
import type { AdminContext } from '#src/features/administration/use-admin-context.ts';
import { SureButton } from '#src/ui/sure-button.tsx';
import type { BoardCard } from './production-card-view.tsx';
import { useCardWrites } from './production-card-writes.ts';

/** The delete badge of a card (DeleteProductionCards), confirmed in place; offline the delete queues. */
export function DeleteCardBadge({ context, card }: { context: AdminContext; card: BoardCard }) {
  const { t } = useTranslation('production-planning');
  const { deleteCard } = useCardWrites(context.organizationId);
  if (card.pending) return null;
  return (
    <SureButton
      label={t('card.delete')}
      name={t('card.deleteNamed', { card: card.name })}
      question={t('card.deleteQuestion')}
      color="red"
      variant="light"
      onConfirm={() => void deleteCard(card.id, card.name)}
      testId="card-delete"
    />
  );
}
