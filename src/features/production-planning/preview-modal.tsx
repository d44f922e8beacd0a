import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { GenerateGroupInput } from '#core/contract/production-cards';
import { DISTRIBUTION_MODES, type DistributionMode, type UnplacedReason } from '#core/domain/planning/distribution';
import { planningCardOf, trailerProfilesOf } from '#core/domain/planning/production-planning';
import { formatWeight } from '#core/domain/units';
import { apiRequest } from '#src/data/api-client.ts';
import { useMirrorList } from '#src/data/loads.ts';
import { planner } from '#src/data/planner.ts';
import type { AdminContext } from '#src/features/administration/use-admin-context.ts';
import { errorMessage } from '#src/features/administration/forms/use-record-form.ts';
import { usePlannerResult } from '#src/features/loads/planning/use-planner-result.ts';
import { ExplainedButton } from '#src/ui/explained-button.tsx';
import { CompartmentDiagram } from './compartment-diagram.tsx';
import { ORDER_GROUPS_KEY } from './order-group-queries.ts';
import type { BoardCard } from './production-card-view.tsx';

/** Drafts drawn at a time: 500 cards make hundreds, each with its compartment diagram. */
const DRAFTS_PAGE = 10;

interface PreviewModalProps {
  context: AdminContext;
  /** The generation bucket, in its order (the distribution fills loads in card order). */
  cardIds: readonly number[];
  cards: ReadonlyMap<number, BoardCard>;
  mode: DistributionMode;
  onModeChange: (mode: DistributionMode) => void;
  /** The cards the preview could not place, with their reasons, for the board to show. */
  onPreviewed: (unplaced: ReadonlyMap<number, UnplacedReason>) => void;
  onGenerated: () => void;
  onClose: () => void;
}

/**
 * The preview (spec 3): the draft loads the generation bucket would become, computed by the planner
 * worker from the mirror (offline too), with the trailer profile and each draft's compartments.
 * Generating needs the server, which computes the same distribution again before it writes.
 */
export function PreviewModal({
  context,
  cardIds,
  cards,
  mode,
  onModeChange,
  onPreviewed,
  onGenerated,
  onClose,
}: PreviewModalProps) {
  const { t, i18n } = useTranslation('production-planning');
  const rows = useMirrorList('productionCards').data;
  const cargoTypes = useMirrorList('cargoTypes').data;
  const trailers = useMirrorList('trailers').data;
  const queryClient = useQueryClient();
  const [shownDrafts, setShownDrafts] = useState(DRAFTS_PAGE);

  const input = useMemo(() => {
    if (!rows || !cargoTypes || !trailers) return null;
    const byId = new Map(rows.map((row) => [row.id, row]));
    const basisOf = new Map(cargoTypes.map((cargo) => [cargo.id, cargo.measuredBy]));
    const planningCards = cardIds.flatMap((id) => {
      const row = byId.get(id);
      return row ? [planningCardOf(row, basisOf.get(row.cargoTypeId) ?? 'quantity')] : [];
    });
    return {
      cards: planningCards,
      profiles: trailerProfilesOf(
        trailers,
        planningCards.map((card) => card.cargoTypeId),
      ),
      mode,
    };
  }, [rows, cargoTypes, trailers, cardIds, mode]);
  const result = usePlannerResult(input, () =>
    input ? planner.distributeCards(input.cards, input.profiles, input.mode) : Promise.resolve(null),
  );
  const distribution = result.data ?? null;
  // The drafts are drawn in a deferred render, in slices between which the browser paints: the answer
  // shows its summary at once, and drawing ten drafts with their diagrams was one long task.
  const drawn = useDeferredValue(distribution);
  const unplacedKey = distribution?.unplaced.map((entry) => `${entry.cardId}:${entry.reason}`).join() ?? null;
  const reportUnplaced = useRef(onPreviewed);
  reportUnplaced.current = onPreviewed;
  const latest = useRef(distribution);
  latest.current = distribution;
  // The board marks the cards the preview could not place, each time that list changes.
  useEffect(() => {
    if (unplacedKey !== null && latest.current) {
      reportUnplaced.current(new Map(latest.current.unplaced.map((entry) => [entry.cardId, entry.reason])));
    }
  }, [unplacedKey]);

  const generate = useMutation({
    meta: { reportsOwnErrors: true },
    mutationFn: (body: GenerateGroupInput) => apiRequest('/production-cards/groups', z.unknown(), { method: 'POST', body }),
    onSuccess: async (_answer, body) => {
      notifications.show({ color: 'green', message: t('messages.groupCreated', { count: body.expectedDraftCount }) });
      await queryClient.invalidateQueries({ queryKey: ORDER_GROUPS_KEY });
      onGenerated();
    },
    onError: (error) => notifications.show({ color: 'red', title: t('messages.notGenerated'), message: errorMessage(error) }),
  });

  const profiles = input?.profiles ?? [];
  const nameOf = (cardId: number) => cards.get(cardId)?.name ?? String(cardId);
  const cargoName = (cargoTypeId: number) => cargoTypes?.find((cargo) => cargo.id === cargoTypeId)?.label ?? '';
  const loading = result.pending || distribution === null;
  const waiting = cardIds.some((id) => id < 0 || cards.get(id)?.pending);
  const generateReason = loading
    ? t('preview.computing')
    : waiting
      ? t('preview.pendingCards')
      : distribution.unplaced.length > 0
        ? t('preview.unplacedBlock')
        : distribution.drafts.length === 0
          ? t('preview.nothing')
          : null;

  return (
    <Modal opened onClose={onClose} title={t('preview.title')} size="xl" data-testid="preview-modal">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <SegmentedControl
            aria-label={t('board.mode')}
            value={mode}
            onChange={(value) => onModeChange(value as DistributionMode)}
            data={DISTRIBUTION_MODES.map((value) => ({ value, label: t(`modes.${value}`) }))}
            data-testid="preview-mode"
          />
          {distribution && (
            <Text size="sm" data-testid="preview-summary" aria-live="polite">
              {t('preview.summary', { count: distribution.drafts.length })}
            </Text>
          )}
        </Group>
        {profiles
          .filter((profile) => input?.cards.some((card) => card.cargoTypeId === profile.cargoTypeId))
          .map((profile) => (
            <Text key={profile.cargoTypeId} size="sm" c="dimmed" data-testid="trailer-profile">
              {t('preview.profile', {
                cargo: cargoName(profile.cargoTypeId),
                weight: formatWeight(profile.maxCargoWeightGrams, context.weightUnit, i18n.language),
                count: profile.compartmentCount,
              })}
            </Text>
          ))}
        {result.error !== undefined && result.error !== null && (
          <Alert color="red" role="alert">
            {t('preview.failed')}
          </Alert>
        )}
        {loading || drawn === null ? (
          <Stack gap="xs" data-testid="preview-loading">
            <Skeleton h={90} />
            <Skeleton h={90} />
          </Stack>
        ) : (
          <>
            {drawn.unplaced.length > 0 && (
              <Alert
                color="orange"
                title={t('preview.unplacedTitle', { count: drawn.unplaced.length })}
                data-testid="preview-unplaced"
              >
                <Stack gap={2} component="ul" m={0} pl="md">
                  {drawn.unplaced.map((entry) => (
                    <Text component="li" size="sm" key={entry.cardId}>
                      {t('preview.unplacedCard', { card: nameOf(entry.cardId), reason: t(`unplaced.${entry.reason}`) })}
                    </Text>
                  ))}
                </Stack>
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
              {drawn.drafts.slice(0, shownDrafts).map((draft, index) => {
                const profile = profiles.find((candidate) => candidate.cargoTypeId === draft.cargoTypeId);
                return (
                  <Paper key={`${draft.cargoTypeId}-${index}`} withBorder p="sm" data-testid="preview-draft">
                    <Stack gap="xs">
                      <Group justify="space-between" gap="xs">
                        <Title order={3} size="h5">
                          {t('preview.draftTitle', { number: index + 1, cargo: cargoName(draft.cargoTypeId) })}
                        </Title>
                        <Badge variant="light" tt="none" data-testid="preview-draft-weight">
                          {formatWeight(draft.weightGrams, context.weightUnit, i18n.language)}
                        </Badge>
                      </Group>
                      <Stack gap={2} component="ul" m={0} pl="md">
                        {draft.parts.map((part) => (
                          <Text component="li" size="sm" key={part.cardId}>
                            {part.quantity !== null
                              ? t('preview.partQuantity', {
                                  card: nameOf(part.cardId),
                                  quantity: part.quantity,
                                  count: part.compartments,
                                })
                              : t('preview.partWeight', {
                                  card: nameOf(part.cardId),
                                  weight: formatWeight(part.weightGrams, context.weightUnit, i18n.language),
                                  count: part.compartments,
                                })}
                          </Text>
                        ))}
                      </Stack>
                      <CompartmentDiagram
                        trailerCompartments={profile?.compartmentCount ?? 0}
                        parts={draft.parts.map((part) => ({
                          cardId: part.cardId,
                          compartments: part.compartments,
                          label: nameOf(part.cardId),
                        }))}
                      />
                    </Stack>
                  </Paper>
                );
              })}
            </SimpleGrid>
            {drawn.drafts.length > shownDrafts && (
              <Button variant="subtle" onClick={() => setShownDrafts((count) => count + DRAFTS_PAGE)} data-testid="preview-more">
                {t('showMore', { count: drawn.drafts.length - shownDrafts })}
              </Button>
            )}
          </>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('preview.close')}
          </Button>
          <ExplainedButton
            disabledReason={generateReason}
            needsConnection
            loading={generate.isPending}
            onClick={() =>
              distribution &&
              generate.mutate({
                productionCardIds: [...cardIds],
                distributionMode: mode,
                expectedDraftCount: distribution.drafts.length,
              })
            }
            data-testid="preview-generate"
          >
            {t('preview.generate', { count: distribution?.drafts.length ?? 0 })}
          </ExplainedButton>
        </Group>
      </Stack>
    </Modal>
  );
}
