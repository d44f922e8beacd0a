import { NumberInput } from '@mantine/core';

/** A position typed by hand: each number, or '' while its field is empty. */
export interface TypedCoordinates {
  latitude: number | '';
  longitude: number | '';
}

/**
 * Latitude and longitude typed by hand (a keyboard's way to place a geofence or a zone), to seven
 * decimals (about a centimetre). The caller words the labels and its rules' errors.
 */
export function CoordinateInputs<Value extends TypedCoordinates>({
  value,
  onChange,
  labels,
  errors,
  width,
  testIdPrefix,
}: {
  value: Value;
  onChange: (update: (previous: Value) => Value) => void;
  labels: { latitude: string; longitude: string };
  errors: { latitude?: string | undefined; longitude?: string | undefined };
  width: number;
  testIdPrefix: string;
}) {
  const field = (name: 'latitude' | 'longitude') => (
    <NumberInput
      label={labels[name]}
      value={value[name]}
      onChange={(typed) => onChange((previous) => ({ ...previous, [name]: typeof typed === 'number' ? typed : '' }))}
      error={errors[name]}
      decimalScale={7}
      w={width}
      data-testid={`${testIdPrefix}-${name}`}
    />
  );
  return (
    <>
      {field('latitude')}
      {field('longitude')}
    </>
  );
}
