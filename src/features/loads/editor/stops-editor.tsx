import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { StopControls } from '#core/domain/stop-editing';
import type { WeightUnit } from '#core/domain/units';
import type { EditorErrorCode, EditorStop, StopField } from './editor-state.ts';
import { SortableByKey } from '../drag/sortable-by-key.tsx';
import { StopRow, type StopRowOptions } from './stop-row.tsx';

export interface StopsEditorProps {
  stops: EditorStop[];
  readOnly: boolean;
  controlsOf: (index: number) => StopControls;
  lockReasonOf: (index: number) => string | null;
  orderNumberEditable: (stop: EditorStop) => boolean;
  onOrderNumberHeaderClick: () => void;
  measureOf: (stop: EditorStop) => 'quantity' | 'weight';
  onMeasure: (stop: EditorStop, measure: 'quantity' | 'weight') => void;
  errors: Partial<Record<StopField, EditorErrorCode>>[];
  options: StopRowOptions;
  timezone: string;
  weightUnit: WeightUnit;
  onChange: (index: number, patch: Partial<EditorStop>) => void;
  onType: (index: number, type: EditorStop['type']) => void;
  onCargoType: (index: number, cargoTypeId: number | null) => void;
  onSplit: (index: number) => void;
  onDelete: (index: number) => void;
  onMove: (from: number, to: number) => void;
}

/**
 * The stops of a load as a list, one card per stop in sequence order. Rows are reordered by dragging
 * their handle with a pointer or touch, or from the keyboard (Space to pick up, arrows, Space to drop).
 */
export function StopsEditor(props: StopsEditorProps) {
  const { t } = useTranslation('load-editor');
  const { stops } = props;
  const keys = stops.map((stop) => stop.clientKey ?? String(stop.sequence));
  const sequenceOf = (key: string) => String(stops[keys.indexOf(key)]?.sequence ?? '');

  return (
    <SortableByKey
      keys={keys}
      nameOf={sequenceOf}
      onMove={props.onMove}
      announce={{
        instructions: t('drag.instructions'),
        pickedUp: (sequence) => t('drag.pickedUp', { sequence }),
        over: (sequence, target) => t('drag.over', { sequence, target }),
        dropped: (sequence, target) => t('drag.dropped', { sequence, target }),
        cancelled: (sequence) => t('drag.cancelled', { sequence }),
      }}
    >
      <Stack component="ol" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} data-testid="stops-list">
        {stops.map((stop, index) => {
          const controls = props.controlsOf(index);
          const locked = props.readOnly || controls.locked;
          return (
            <StopRow
              key={keys[index]}
              clientKey={keys[index]!}
              stop={stop}
              locked={locked}
              lockReason={locked ? props.lockReasonOf(index) : null}
              canDelete={!props.readOnly && controls.canDelete}
              canSplit={!props.readOnly && controls.canSplit}
              orderNumberEditable={props.orderNumberEditable(stop)}
              onOrderNumberTitleClick={props.onOrderNumberHeaderClick}
              measure={props.measureOf(stop)}
              errors={props.errors[index] ?? {}}
              options={props.options}
              timezone={props.timezone}
              weightUnit={props.weightUnit}
              onMeasure={(measure) => props.onMeasure(stop, measure)}
              onChange={(patch) => props.onChange(index, patch)}
              onType={(type) => props.onType(index, type)}
              onCargoType={(cargoTypeId) => props.onCargoType(index, cargoTypeId)}
              onSplit={() => props.onSplit(index)}
              onDelete={() => props.onDelete(index)}
            />
          );
        })}
      </Stack>
    </SortableByKey>
  );
}
