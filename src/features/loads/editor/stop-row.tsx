import {
  ActionIcon,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { IconArrowsSplit2, IconGripVertical, IconLock, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { STOP_TYPES } from '#core/contract/orders';
import type { EditableStop } from '#core/domain/stop-editing';
import {
  gramsToDisplayWeight,
  type WeightUnit,
  WEIGHT_UNIT_ABBREVIATIONS,
  weightInputStep,
  weightPrecision,
} from '#core/domain/units';
import { type EditorErrorCode, gramsFromWeightEntry, type StopField } from './editor-state.ts';
import { useEditorErrorText } from './editor-messages.ts';
import { DateTimeField } from '#src/ui/date-time-field.tsx';
import classes from './stop-row.module.css';

export interface StopRowOptions {
  locations: { value: string; label: string }[];
  subLocationsOf: (locationId: number | null) => { value: string; label: string }[];
  cargoTypes: { value: string; label: string }[];
  /** The company's customers, those created on this device and not yet sent included. */
  customers: { value: string; label: string }[];
}

export interface StopRowProps {
  stop: EditableStop;
  clientKey: string;
  /** All fields locked: a completed stop, a carrier, a delivered load or no permission to edit. */
  locked: boolean;
  lockReason: string | null;
  canDelete: boolean;
  canSplit: boolean;
  orderNumberEditable: boolean;
  /** Clicking the order number's title 7 times unlocks order numbers that were already set (spec 1 §5). */
  onOrderNumberTitleClick: () => void;
  measure: 'quantity' | 'weight';
  errors: Partial<Record<StopField, EditorErrorCode>>;
  options: StopRowOptions;
  timezone: string;
  weightUnit: WeightUnit;
  onMeasure: (measure: 'quantity' | 'weight') => void;
  onChange: (patch: Partial<EditableStop>) => void;
  onType: (type: EditableStop['type']) => void;
  onCargoType: (cargoTypeId: number | null) => void;
  onSplit: () => void;
  onDelete: () => void;
}

const id = (value: string | null) => (value ? Number(value) : null);

/**
 * One stop of the stops editor: a sortable card whose handle drags it (pointer, touch or keyboard).
 * Its labelled fields wrap onto as many lines as the width needs, between the handle and the stop's
 * actions, so arrival time, duration, split and delete stay in view without a sideways scroll.
 */
export function StopRow(props: StopRowProps) {
  const { stop, locked, errors, options, timezone, weightUnit } = props;
  const { t } = useTranslation('load-editor');
  const errorText = useEditorErrorText();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: props.clientKey,
    disabled: locked,
  });
  const sequence = stop.sequence;
  const error = (field: StopField) => (errors[field] ? errorText(errors[field]) : undefined);
  const label = (text: string) => `${text} (${t('stops.stopNumber', { sequence })})`;
  const carriesCargo = stop.type === 'Origin' || stop.type === 'Destination';

  return (
    <Paper
      component="li"
      withBorder
      p="xs"
      ref={setNodeRef}
      data-testid="stop-row"
      data-sequence={sequence}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        opacity: isDragging ? 0.6 : undefined,
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
      }}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Group gap={4} wrap="nowrap" mt={24} data-testid="stop-handle">
          {locked ? (
            <Tooltip label={props.lockReason ?? t('locks.locked')}>
              <IconLock size={18} aria-label={props.lockReason ?? t('locks.locked')} />
            </Tooltip>
          ) : (
            <ActionIcon
              ref={setActivatorNodeRef}
              variant="subtle"
              color="gray"
              aria-label={t('stops.drag', { sequence })}
              style={{ cursor: 'grab', touchAction: 'none' }}
              {...attributes}
              {...listeners}
            >
              <IconGripVertical size={18} />
            </ActionIcon>
          )}
          <span data-testid="stop-sequence">{sequence}</span>
        </Group>
        <Group gap="xs" align="flex-start" style={{ flex: 1, minWidth: 0 }} className={classes.fields} data-testid="stop-fields">
          <Select
            label={t('columns.type')}
            aria-label={label(t('columns.type'))}
            data={STOP_TYPES.map((type) => ({ value: type, label: stopTypeLabel(t, type) }))}
            value={stop.type}
            allowDeselect={false}
            disabled={locked}
            onChange={(value) => value && props.onType(value as EditableStop['type'])}
            w={140}
            data-testid="stop-type"
          />
          <Stack gap={4}>
            <Select
              label={t('columns.location')}
              aria-label={label(t('columns.location'))}
              placeholder={t('stops.chooseLocation')}
              data={options.locations}
              value={stop.organizationLocationId === null ? null : String(stop.organizationLocationId)}
              searchable
              disabled={locked}
              error={error('organizationLocationId')}
              // A new location has other sub-locations: the old choice no longer applies.
              onChange={(value) => props.onChange({ organizationLocationId: id(value), organizationSubLocationIds: [] })}
              w={220}
              data-testid="stop-location"
            />
            {options.subLocationsOf(stop.organizationLocationId).length > 0 && (
              <MultiSelect
                mt={4}
                aria-label={label(t('columns.subLocations'))}
                placeholder={t('columns.subLocations')}
                data={options.subLocationsOf(stop.organizationLocationId)}
                value={stop.organizationSubLocationIds.map(String)}
                disabled={locked}
                searchable
                onChange={(values) => props.onChange({ organizationSubLocationIds: values.map(Number) })}
                w={220}
                data-testid="stop-sub-locations"
              />
            )}
          </Stack>
          <Select
            label={t('columns.cargoType')}
            aria-label={label(t('columns.cargoType'))}
            placeholder={carriesCargo ? t('stops.chooseCargoType') : t('stops.noCargo')}
            data={options.cargoTypes}
            value={stop.cargoTypeId === null ? null : String(stop.cargoTypeId)}
            searchable
            clearable
            disabled={locked || !carriesCargo}
            error={error('cargoTypeId')}
            onChange={(value) => props.onCargoType(id(value))}
            w={180}
            data-testid="stop-cargo-type"
          />
          <Select
            label={t('columns.customer')}
            aria-label={label(t('columns.customer'))}
            placeholder={t('stops.noCustomer')}
            data={options.customers}
            value={stop.customerId === null ? null : String(stop.customerId)}
            searchable
            clearable
            disabled={locked}
            onChange={(value) => props.onChange({ customerId: id(value) })}
            w={180}
            data-testid="stop-customer"
          />
          <Stack gap={0}>
            <SegmentedControl
              size="xs"
              mb={4}
              aria-label={label(t('stops.measure'))}
              value={props.measure}
              onChange={(value) => props.onMeasure(value as 'quantity' | 'weight')}
              data={[
                { value: 'quantity', label: t('stops.quantity') },
                { value: 'weight', label: t('stops.weight', { unit: WEIGHT_UNIT_ABBREVIATIONS[weightUnit] }) },
              ]}
              data-testid="stop-measure"
            />
            {props.measure === 'quantity' ? (
              <NumberInput
                aria-label={label(t('stops.quantity'))}
                value={stop.quantity ?? ''}
                min={1}
                decimalScale={2}
                disabled={locked}
                error={error('quantity')}
                onChange={(value) => props.onChange({ quantity: value === '' ? null : Number(value) })}
                w={150}
                data-testid="stop-quantity"
              />
            ) : (
              <NumberInput
                aria-label={label(t('stops.weight', { unit: WEIGHT_UNIT_ABBREVIATIONS[weightUnit] }))}
                value={stop.weight === null ? '' : gramsToDisplayWeight(stop.weight, weightUnit)}
                min={0}
                step={weightInputStep(weightUnit)}
                decimalScale={weightPrecision(weightUnit)}
                suffix={` ${WEIGHT_UNIT_ABBREVIATIONS[weightUnit]}`}
                disabled={locked}
                error={error('weight')}
                onChange={(value) => props.onChange({ weight: gramsFromWeightEntry(value, weightUnit, stop.weight) })}
                w={150}
                data-testid="stop-weight"
              />
            )}
          </Stack>
          <TextInput
            label={t('columns.orderNumber')}
            labelProps={{ onClick: props.onOrderNumberTitleClick, 'data-testid': 'order-number-header' }}
            aria-label={label(t('columns.orderNumber'))}
            value={stop.orderNumber ?? ''}
            disabled={locked || !props.orderNumberEditable}
            error={error('orderNumber')}
            onChange={(event) => props.onChange({ orderNumber: event.currentTarget.value })}
            w={140}
            data-testid="stop-order-number"
          />
          <TextInput
            label={t('columns.customerOrderNumber')}
            labelProps={{ title: t('columns.customerOrderNumber') }}
            aria-label={label(t('columns.customerOrderNumber'))}
            value={stop.customerOrderNumber ?? ''}
            disabled={locked}
            error={error('customerOrderNumber')}
            onChange={(event) => props.onChange({ customerOrderNumber: event.currentTarget.value })}
            w={180}
            data-testid="stop-customer-order-number"
          />
          <DateTimeField
            label={t('columns.arrivalTime')}
            aria-label={label(t('columns.arrivalTime'))}
            value={stop.arrivalTime}
            timezone={timezone}
            clearable
            disabled={locked}
            error={error('arrivalTime')}
            onChange={(arrivalTime) => props.onChange({ arrivalTime })}
            w={256}
            data-testid="stop-arrival"
          />
          <NumberInput
            label={t('columns.duration')}
            aria-label={label(t('columns.duration'))}
            value={stop.durationMinutes ?? ''}
            min={0}
            max={1440}
            allowDecimal={false}
            disabled={locked}
            error={error('durationMinutes')}
            onChange={(value) => props.onChange({ durationMinutes: value === '' ? null : Number(value) })}
            w={120}
            data-testid="stop-duration"
          />
          {/* Notes take what is left of their line. */}
          <Textarea
            label={t('columns.notes')}
            aria-label={label(t('columns.notes'))}
            value={stop.notes ?? ''}
            autosize
            minRows={1}
            maxRows={4}
            disabled={locked}
            error={error('notes')}
            onChange={(event) => props.onChange({ notes: event.currentTarget.value })}
            miw={180}
            style={{ flex: '1 1 180px' }}
            data-testid="stop-notes"
          />
        </Group>
        <Group gap={4} wrap="nowrap" mt={24}>
          <Tooltip label={t('stops.split', { sequence })}>
            <ActionIcon
              variant="subtle"
              aria-label={t('stops.split', { sequence })}
              disabled={!props.canSplit}
              onClick={props.onSplit}
              data-testid="stop-split"
            >
              <IconArrowsSplit2 size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('stops.delete', { sequence })}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('stops.delete', { sequence })}
              disabled={!props.canDelete}
              onClick={props.onDelete}
              data-testid="stop-delete"
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </Paper>
  );
}

/** Stop type names, spelled out so the key extractor sees every key. */
export function stopTypeLabel(t: (key: string) => string, type: EditableStop['type']): string {
  switch (type) {
    case 'Origin':
      return t('stopTypes.origin');
    case 'Destination':
      return t('stopTypes.destination');
    case 'Weigh':
      return t('stopTypes.weigh');
    case 'Waypoint':
      return t('stopTypes.waypoint');
  }
}
