import { describe, expect, it } from 'vitest';
import { withoutSiteOnlyFields } from '#core/domain/master-data/locations';
import {
  coordinateErrors,
  locationErrors,
  locationInput,
  locationValues,
  type ThroughputRowValues,
  throughputErrors,
  throughputInput,
} from './location-values.ts';

const filled = () => ({
  ...locationValues(null),
  name: 'North elevator',
  address1: '100 Elevator Road',
  city: 'Ames',
  state: 'IA',
  postalCode: '50010',
});

const row = (patch: Partial<ThroughputRowValues>): ThroughputRowValues => ({
  key: 'row',
  stopType: 'Origin',
  cargoTypeId: null,
  baselineLoadingMinutes: '',
  cargoUnitsPerMinute: '',
  weightPerMinute: '',
  ...patch,
});

describe('location form values', () => {
  it('start a new location as spec 2 §4 says: type 1, enabled, no scale, its geofence not placed', () => {
    const values = locationValues(null);
    expect(values).toMatchObject({ organizationLocationTypeId: '1', enabled: true, hasScale: false });
    expect(locationErrors(filled()).customGeofence).toEqual({ key: 'warningCreateGeozone' });
  });

  it('need the required fields within their lengths', () => {
    const errors = locationErrors({ ...filled(), name: '', premiseId: '12345678', description: 'x'.repeat(201) });
    expect(errors.name).toEqual({ key: 'errors.required' });
    expect(errors.premiseId).toEqual({ key: 'errors.tooLong', values: { max: 7 } });
    expect(errors.description).toEqual({ key: 'errors.tooLong', values: { max: 200 } });
  });

  it('accept a placed circle and send empty optional texts as none', () => {
    const values = { ...filled(), customGeofence: { latitude: 42, longitude: -93, radius: 50, bbox: null } };
    expect(locationErrors(values)).toEqual({});
    expect(locationInput(values)).toMatchObject({ description: null, premiseId: null, customerId: null, userIds: [] });
  });

  it('refuse typed coordinates out of range', () => {
    expect(coordinateErrors(91, 0)).toEqual({ latitude: 'errors.invalidLatitude', longitude: undefined });
    expect(coordinateErrors(0, -180.5)).toEqual({ latitude: undefined, longitude: 'errors.invalidLongitude' });
  });

  it('clear the loading team, site managers and premise id of a location that is not a site', () => {
    const input = { loadingTeamId: 3, userIds: [4], premiseId: 'IA123' };
    expect(withoutSiteOnlyFields(input, 'Other')).toEqual({ loadingTeamId: null, userIds: [], premiseId: null });
    expect(withoutSiteOnlyFields(input, 'Site')).toEqual(input);
  });
});

describe('throughput rows', () => {
  it('are dropped when they hold no number, and send weights in grams', () => {
    const rows = [row({ key: 'a' }), row({ key: 'b', stopType: 'Destination', weightPerMinute: 1 })];
    expect(throughputInput(rows, 'MetricTon')).toEqual([
      {
        stopType: 'Destination',
        cargoTypeId: null,
        baselineLoadingMinutes: null,
        cargoUnitsPerMinute: null,
        weightPerMinute: 1_000_000,
      },
    ]);
  });

  it('are refused out of spec 2 §5 limits or twice for one stop type and cargo type', () => {
    expect(throughputErrors([row({ baselineLoadingMinutes: 601 })])).toBe('throughput.baselineRange');
    expect(throughputErrors([row({ cargoUnitsPerMinute: 100_001 })])).toBe('throughput.rateRange');
    expect(throughputErrors([row({ key: 'a', baselineLoadingMinutes: 5 }), row({ key: 'b', baselineLoadingMinutes: 6 })])).toBe(
      'throughput.duplicate',
    );
    expect(throughputErrors([row({ key: 'a', baselineLoadingMinutes: 5 }), row({ key: 'b' })])).toBeNull();
  });
});
