import { useTranslation } from 'react-i18next';
import { SureButton } from '#src/ui/sure-button.tsx';
import type { BoardCard } from './production-card-view.tsx';

/**
 * The delete badge of a card (DeleteProductionCards), confirmed in place; offline the delete queues.
 * `onDelete` is the board's one useCardWrites: hundreds of cards do not each hold their own mutations.
 */
export function DeleteCardBadge({ card, onDelete }: { card: BoardCard; onDelete: (id: number, label: string) => void }) {
  const { t } = useTranslation('production-planning');
  if (card.pending) return null;
  return (
    <SureButton
      label={t('card.delete')}
      name={t('card.deleteNamed', { card: card.name })}
      question={t('card.deleteQuestion')}
      color="red"
      variant="light"
      onConfirm={() => onDelete(card.id, card.name)}
      testId="card-delete"
    />
  );
}
