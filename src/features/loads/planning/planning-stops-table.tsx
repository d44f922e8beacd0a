import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { StopInput } from '#core/contract/orders';
import { useMirrorList } from '#src/data/loads.ts';
import { useReferenceRows } from '../actions/reference-rows.ts';
import type { ActionFormatting } from '../actions/use-action-formatting.ts';

const dash = '–';

/** A draft's stops, read-only, as a preview (the merged draft before it is created). */
export function PlanningStopsTable({ stops, format }: { stops: readonly StopInput[]; format: ActionFormatting }) {
  const { t } = useTranslation('planning');
  const reference = useReferenceRows();
  const cargoTypes = useMirrorList('cargoTypes').data ?? [];
  const cargoName = (id: number | null) => (id === null ? undefined : cargoTypes.find((row) => row.id === id)?.label);
  return (
    // Its cells wrap, so it fits the merge dialog at 1280 (xl) and full screen at 768 without a sideways scroll.
    <Table.ScrollContainer minWidth={560} type="native">
      <Table verticalSpacing={4} striped data-testid="planning-stops">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('stops.sequence')}</Table.Th>
            <Table.Th>{t('stops.type')}</Table.Th>
            <Table.Th>{t('stops.location')}</Table.Th>
            <Table.Th>{t('stops.cargoType')}</Table.Th>
            <Table.Th>{t('stops.quantity')}</Table.Th>
            <Table.Th>{t('stops.weight')}</Table.Th>
            <Table.Th>{t('stops.arrival')}</Table.Th>
            <Table.Th>{t('stops.notes')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {stops.map((stop) => (
            <Table.Tr key={stop.sequence} data-testid="planning-stop">
              <Table.Td>{stop.sequence}</Table.Td>
              <Table.Td>{t(`load-actions:stopType.${stop.type}`)}</Table.Td>
              <Table.Td>{reference.placeName(stop.organizationLocationId, stop.organizationSubLocationIds) ?? dash}</Table.Td>
              <Table.Td>{cargoName(stop.cargoTypeId) ?? dash}</Table.Td>
              <Table.Td data-testid="planning-stop-quantity">{stop.quantity ?? dash}</Table.Td>
              <Table.Td data-testid="planning-stop-weight" style={{ whiteSpace: 'nowrap' }}>
                {stop.weight === null ? dash : format.formatWeight(stop.weight)}
              </Table.Td>
              <Table.Td>{stop.arrivalTime ? format.formatDateTime(stop.arrivalTime) : dash}</Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'pre-line' }} lineClamp={3}>
                  {stop.notes ?? dash}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
