import { Button, Group, SegmentedControl, Select, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { type ComponentProps, startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DISTRIBUTION_MODES, type DistributionMode, type UnplacedReason } from '#core/domain/planning/distribution';
import { useMirrorList } from '#src/data/loads.ts';
import type { AdminContext } from '#src/features/administration/use-admin-context.ts';
import { locationTypesQuery } from '#src/features/locations/location-queries.ts';
import { DateField } from '#src/ui/date-time-field.tsx';
import { ExplainedButton } from '#src/ui/explained-button.tsx';
import { type Buckets, clearGeneration, EMPTY_BUCKETS, matchesSearch, reconcileBuckets, searchWords } from './board-state.ts';
import { currentWeekDates, type DateRange, useBoardCards } from './board-cards.ts';
import { CardBuckets } from './card-buckets.tsx';
import { DeleteCardBadge } from './delete-card-badge.tsx';
import { PreviewModal } from './preview-modal.tsx';
import type { BoardCard } from './production-card-view.tsx';
import { ProductionCardForm } from './production-card-form.tsx';
import { resolveCardId, useCardWrites } from './production-card-writes.ts';

/** Each bucket shows this many cards at a time; the search narrows a large week down. */
const DAY_PAGE = 30;
export const SEARCH_DEBOUNCE_MS = 300;

/** The planning board (spec 3 "Production planning"): cargo type, range, the two buckets, preview. */
export function PlanningBoard({ context }: { context: AdminContext }) {
  const { t } = useTranslation('production-planning');
  const permissions = context.self.permissions;
  const mayDrag = permissions.includes('CreateOrder');
  const mayCreate = permissions.includes('CreateProductionCards');
  const mayDelete = permissions.includes('DeleteProductionCards');

  const cargoTypes = useMirrorList('cargoTypes').data;
  // The card form's location choices need the location types: read them now, so the form works offline.
  useQuery(locationTypesQuery);
  const [cargoTypeId, setCargoTypeId] = useState<string | null>(null);
  const [range, setRange] = useState<DateRange>(() => currentWeekDates(context.timezone));
  const [mode, setMode] = useState<DistributionMode>('greedy');
  const [search, setSearch] = useState('');
  const [settledSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [shownCount, setShownCount] = useState(DAY_PAGE);
  const [shownGenerationCount, setShownGenerationCount] = useState(DAY_PAGE);
  const [buckets, setBuckets] = useState<Buckets>(EMPTY_BUCKETS);
  const [unplaced, setUnplaced] = useState<ReadonlyMap<number, UnplacedReason>>(new Map());
  const [creating, setCreating] = useState<number | null>(null);

  const { cards, loading } = useBoardCards(
    context,
    { cargoTypeId: cargoTypeId === null ? null : Number(cargoTypeId), range },
    unplaced,
  );
  const cardsById = useMemo(() => new Map((cards ?? []).map((card) => [card.id, card])), [cards]);
  const cardIds = useMemo(() => (cards ?? []).map((card) => card.id), [cards]);
  useEffect(() => {
    setBuckets((current) => reconcileBuckets(current, cardIds, resolveCardId));
  }, [cardIds]);

  const foundDay = useMemo(() => {
    const words = searchWords(settledSearch);
    if (words.length === 0) return buckets.day;
    return buckets.day.filter((id) => matchesSearch(cardsById.get(id)?.searchHaystack ?? '', words));
  }, [buckets.day, cardsById, settledSearch]);
  const shownDay = useMemo(() => foundDay.slice(0, shownCount), [foundDay, shownCount]);
  const shownGeneration = useMemo(
    () => buckets.generation.slice(0, shownGenerationCount),
    [buckets.generation, shownGenerationCount],
  );
  const { deleteCard } = useCardWrites(context.organizationId);
  const latestDelete = useRef(deleteCard);
  latestDelete.current = deleteCard;
  const renderActions = useCallback(
    (card: BoardCard) =>
      mayDelete ? <DeleteCardBadge card={card} onDelete={(id, label) => void latestDelete.current(id, label)} /> : null,
    [mayDelete],
  );

  // A preview reports its unplaced cards each time; an empty report kept as it was leaves the board undrawn.
  const showUnplaced = useCallback(
    (next: ReadonlyMap<number, UnplacedReason>) =>
      setUnplaced((current) => (next.size === 0 && current.size === 0 ? current : next)),
    [],
  );

  const clearGenerated = useCallback(() => setBuckets((current) => ({ ...current, generation: [] })), []);

  const cargoOptions = (cargoTypes ?? []).map((cargo) => ({ value: String(cargo.id), label: cargo.label }));
  const generationEmpty = buckets.generation.length === 0;

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm" align="flex-end">
        <Group gap="sm" align="flex-end">
          <Select
            label={t('board.cargoType')}
            placeholder={t('board.allCargoTypes')}
            data={cargoOptions}
            value={cargoTypeId}
            onChange={setCargoTypeId}
            clearable
            searchable
            w={220}
            data-testid="board-cargo-type"
          />
          <DateField
            label={t('board.from')}
            value={range.from}
            onChange={(value) => value && setRange((current) => ({ from: value, to: [current.to, value].sort()[1] ?? value }))}
            w={160}
            data-testid="board-from"
          />
          <DateField
            label={t('board.to')}
            value={range.to}
            minDate={range.from}
            onChange={(value) => value && setRange((current) => ({ ...current, to: String(value).slice(0, 10) }))}
            w={160}
            data-testid="board-to"
          />
        </Group>
        {mayCreate && (
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setCreating(Date.now())}
            data-testid="card-create"
          >
            {t('board.create')}
          </Button>
        )}
      </Group>
      <Group justify="space-between" gap="sm">
        <Group gap="xs">
          <Text size="sm" id="distribution-mode-label">
            {t('board.mode')}
          </Text>
          <SegmentedControl
            aria-labelledby="distribution-mode-label"
            value={mode}
            onChange={(value) => setMode(value as DistributionMode)}
            // t('production-planning:modes.greedy'), t('production-planning:modes.equitable')
            data={DISTRIBUTION_MODES.map((value) => ({ value, label: t(`modes.${value}`) }))}
            data-testid="distribution-mode"
          />
        </Group>
        <Group gap="xs">
          <Button
            variant="default"
            disabled={generationEmpty}
            onClick={() => setBuckets(clearGeneration)}
            data-testid="board-clear"
          >
            {t('board.clear')}
          </Button>
          <PreviewLauncher
            disabledReason={loading ? t('board.previewLoading') : generationEmpty ? t('board.previewEmpty') : null}
            context={context}
            cardIds={buckets.generation}
            cards={cardsById}
            mode={mode}
            onModeChange={setMode}
            onPreviewed={showUnplaced}
            onGenerated={clearGenerated}
          />
        </Group>
      </Group>
      {loading ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} data-testid="board-loading">
          <Skeleton h={320} />
          <Skeleton h={320} />
        </SimpleGrid>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <CardBuckets
            buckets={buckets}
            cards={cardsById}
            shownDay={shownDay}
            shownGeneration={shownGeneration}
            generationFooter={
              buckets.generation.length > shownGeneration.length && (
                <Button
                  variant="subtle"
                  onClick={() => setShownGenerationCount((count) => count + DAY_PAGE)}
                  data-testid="generation-more"
                >
                  {t('showMore', { count: buckets.generation.length - shownGeneration.length })}
                </Button>
              )
            }
            mayDrag={mayDrag}
            onChange={setBuckets}
            renderActions={renderActions}
            dayHeader={
              <Stack gap={4}>
                <TextInput
                  aria-label={t('board.search')}
                  placeholder={t('board.search')}
                  leftSection={<IconSearch size={16} aria-hidden />}
                  value={search}
                  onChange={(event) => {
                    setSearch(event.currentTarget.value);
                    setShownCount(DAY_PAGE);
                  }}
                  data-testid="board-search"
                />
                <Text size="sm" c="dimmed" aria-live="polite" data-testid="day-count">
                  {t('board.dayCount', { count: foundDay.length })}
                </Text>
              </Stack>
            }
            dayEmpty={
              <Text size="sm" c="dimmed" ta="center" py="lg" data-testid="day-empty">
                {buckets.day.length === 0 ? t('board.dayEmpty') : t('board.noMatch')}
              </Text>
            }
          />
        </SimpleGrid>
      )}
      {foundDay.length > shownDay.length && (
        <Button variant="subtle" onClick={() => setShownCount((count) => count + DAY_PAGE)} data-testid="day-more">
          {t('showMore', { count: foundDay.length - shownDay.length })}
        </Button>
      )}
      {creating !== null && (
        <ProductionCardForm
          key={creating}
          context={context}
          initialCargoTypeId={cargoTypeId === null ? null : Number(cargoTypeId)}
          initialDate={range.from}
          onClose={() => setCreating(null)}
        />
      )}
    </Stack>
  );
}

/**
 * Preview and its modal, apart from the board: opening or closing the modal draws the board's cards
 * again in no task. Opened in a transition, so the modal renders in slices, not in the click's task.
 */
function PreviewLauncher({
  disabledReason,
  onGenerated,
  ...modal
}: { disabledReason: string | null } & Omit<ComponentProps<typeof PreviewModal>, 'onClose'>) {
  const { t } = useTranslation('production-planning');
  const [previewing, setPreviewing] = useState(false);
  return (
    <>
      <ExplainedButton
        disabledReason={disabledReason}
        onClick={() => startTransition(() => setPreviewing(true))}
        data-testid="board-preview"
      >
        {t('board.preview')}
      </ExplainedButton>
      {previewing && (
        <PreviewModal
          {...modal}
          onGenerated={() => {
            setPreviewing(false);
            onGenerated();
          }}
          onClose={() => setPreviewing(false)}
        />
      )}
    </>
  );
}
