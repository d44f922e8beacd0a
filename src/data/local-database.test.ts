import { describe, expect, it } from 'vitest';
import { RESOURCES } from '#core/resources/resource-list';
import { localDatabase } from './local-database.ts';

describe('the device’s database', () => {
  it('has a store for every declared record type, with the indexes its declaration names', () => {
    for (const resource of RESOURCES) {
      const table = localDatabase.tables.find((candidate) => candidate.name === resource.store);
      expect(table, resource.store).toBeDefined();
      expect(table?.schema.primKey.keyPath).toBe('id');
      const indexes = table?.schema.indexes.map((index) => index.src) ?? [];
      expect(indexes).toEqual('indexes' in resource ? [...resource.indexes] : []);
    }
  });
});
