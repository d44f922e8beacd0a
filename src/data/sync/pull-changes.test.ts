import { describe, expect, it } from 'vitest';
import { changeEntitySchema } from '#core/contract/orders';
import { feedPageSchema, mirrorScope } from './pull-changes.ts';

describe('the feed as an older build reads it', () => {
  it('skips rows of kinds this build does not mirror instead of failing the pull', () => {
    const page = feedPageSchema.parse({
      changes: [
        { entity: 'customer', id: 1, op: 'upsert', row: { id: 1, customerName: 'Ridgeview' } },
        { entity: 'checklistTemplate', id: 2, op: 'upsert', row: { id: 2 } },
        { entity: 'customer', id: 3, op: 'delete' },
      ],
      cursor: '10.4',
      hasMore: false,
    });
    expect(page.changes.map((change) => [change.entity, change.id])).toEqual([
      ['customer', 1],
      ['customer', 3],
    ]);
    expect(page.cursor).toBe('10.4');
  });

  it('names the mirrored kinds in the mirror’s scope, so a build that learns a new kind pulls everything again', () => {
    const scope = mirrorScope('7:1');
    expect(scope.startsWith('7:1|')).toBe(true);
    for (const entity of changeEntitySchema.options) expect(scope).toContain(entity);
  });
});
