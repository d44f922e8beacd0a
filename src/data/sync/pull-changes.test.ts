import { describe, expect, it } from 'vitest';
import { changeEntitySchema } from '#core/contract/change-feed';
import { z } from 'zod';
import { feedPageSchema, mirrorScope, rowShapesOf } from './pull-changes.ts';

const ridgeview = { id: 1, organizationId: 4, customerName: 'Ridgeview', version: 2 };

describe('the feed as an older build reads it', () => {
  it('skips rows of kinds this build does not mirror instead of failing the pull', () => {
    const page = feedPageSchema.parse({
      changes: [
        { entity: 'customer', id: 1, op: 'upsert', row: ridgeview },
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

  it('parses each row with its kind’s schema: fields it does not declare are dropped, a row it does not describe fails naming the field', () => {
    const page = feedPageSchema.parse({
      changes: [{ entity: 'customer', id: 1, op: 'upsert', row: { ...ridgeview, internalNote: 'x' } }],
      cursor: '10.5',
      hasMore: false,
    });
    expect(page.changes[0]?.row).toEqual(ridgeview);
    const refused = feedPageSchema.safeParse({
      changes: [{ entity: 'customer', id: 1, op: 'upsert', row: { ...ridgeview, customerName: 7 } }],
      cursor: '10.6',
      hasMore: false,
    });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.path).toEqual(['changes', 0, 'row', 'customerName']);
  });

  it('changes the mirror’s scope when a kind gains a field, so devices holding its rows pull them again', () => {
    const customer = z.object({ id: z.number(), customerName: z.string() });
    expect(rowShapesOf([customer])).toBe(rowShapesOf([z.object({ id: z.number(), customerName: z.string() })]));
    expect(rowShapesOf([customer.extend({ phone: z.string().nullable() })])).not.toBe(rowShapesOf([customer]));
    expect(mirrorScope('7:1').split('|')).toHaveLength(3);
  });

  it('names the mirrored kinds in the mirror’s scope, so a build that learns a new kind pulls everything again', () => {
    const scope = mirrorScope('7:1');
    expect(scope.startsWith('7:1|')).toBe(true);
    for (const entity of changeEntitySchema.options) expect(scope).toContain(entity);
  });
});
