import { describe, expect, it } from 'vitest';
import { trailerSchema } from '#core/contract/reference-lists';
import { blankRow, overlayRecords, type RecordChangeVariables } from './record-overlay.ts';

const change = (recordId: number, recordChange: RecordChangeVariables['change'], store = 'customers'): RecordChangeVariables => ({
  kind: 'record',
  organizationId: 1,
  store: store as RecordChangeVariables['store'],
  recordId,
  change: recordChange,
  idempotencyKey: `key-${recordId}-${recordChange.kind}`,
  label: 'x',
  queuedAt: '2026-11-28T00:00:00.000Z',
});

describe('overlayRecords', () => {
  const rows = [{ id: 3, organizationId: 1, customerName: 'Acme', version: 2 }];

  it('adds a record created offline under its provisional id, with its queued edits, marked as new', () => {
    const shown = overlayRecords(
      rows,
      'customers',
      [
        change(-10, { kind: 'create', input: { customerName: 'Mill Co' } }),
        change(-10, { kind: 'update', version: 1, input: { customerName: 'Mill Co Ltd' } }),
      ],
      (id) => id,
    );
    expect(shown).toContainEqual({
      id: -10,
      organizationId: 1,
      version: 1,
      customerName: 'Mill Co Ltd',
      pendingChange: 'create',
    });
  });

  it('lays edits over stored rows and marks deletes, leaving other stores’ changes out', () => {
    const shown = overlayRecords(
      rows,
      'customers',
      [change(3, { kind: 'update', version: 2, input: { customerName: 'Acme Two' } }), change(3, { kind: 'delete' }, 'tractors')],
      (id) => id,
    );
    expect(shown).toEqual([{ ...rows[0], customerName: 'Acme Two', pendingChange: 'update' }]);
    expect(overlayRecords(rows, 'customers', [change(3, { kind: 'delete' })], (id) => id)).toEqual([
      { ...rows[0], pendingChange: 'delete' },
    ]);
  });

  it('shows an edit queued behind a create under the real id once the server gave it', () => {
    const stored = [...rows, { id: 40, organizationId: 1, customerName: 'Mill Co', version: 1 }];
    const shown = overlayRecords(
      stored,
      'customers',
      [change(-10, { kind: 'update', version: 1, input: { customerName: 'Mill' } })],
      (id) => (id === -10 ? 40 : id),
    );
    expect(shown.find((row) => row.id === 40)).toEqual({
      id: 40,
      organizationId: 1,
      customerName: 'Mill',
      version: 1,
      pendingChange: 'update',
    });
  });

  it('gives a created row every field of its schema, empty where the input says nothing', () => {
    const [created] = overlayRecords(
      [],
      'trailers',
      [change(-4, { kind: 'create', input: { userDisplayName: 'T-9' } }, 'trailers')],
      (id) => id,
      blankRow(trailerSchema),
    );
    expect(created).toMatchObject({
      id: -4,
      userDisplayName: 'T-9',
      trailerCargoTypes: [],
      enabled: false,
      deviceId: null,
      version: 1,
    });
  });
});
