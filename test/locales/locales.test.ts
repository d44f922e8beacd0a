import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '#core/domain/locale';
import { RESOURCE_KINDS } from '#core/resources/resource-list';
import { ADMIN_SECTIONS, MAIN_PAGES } from '#src/features/access/pages.ts';

const root = path.resolve(import.meta.dirname, '../../locales');

function keyPaths(value: unknown, prefix = ''): Map<string, unknown> {
  const paths = new Map<string, unknown>();
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      for (const [childPath, leaf] of keyPaths(child, prefix ? `${prefix}.${key}` : key)) paths.set(childPath, leaf);
    }
  } else {
    paths.set(prefix, value);
  }
  return paths;
}

function load(language: string, namespace: string) {
  return keyPaths(JSON.parse(readFileSync(path.join(root, language, `${namespace}.json`), 'utf8')));
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/**
 * The keys a language must have for en-US's: the same, except that a plural key has one form per
 * plural category of that language (Spanish and French have `_many`, for millions).
 */
function expectedKeys(source: Map<string, unknown>, language: string) {
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const keys = new Set<string>();
  for (const key of source.keys()) {
    const base = key.replace(PLURAL_SUFFIX, '');
    if (base === key) keys.add(key);
    else for (const category of categories) keys.add(`${base}_${category}`);
  }
  return [...keys].sort();
}

const namespaces = readdirSync(path.join(root, 'en-US')).map((file) => file.replace(/\.json$/, ''));

describe('locales', () => {
  it.each(LANGUAGES.filter((language) => language !== 'en-US'))('%s has every en-US key, translated', (language) => {
    for (const namespace of namespaces) {
      const source = load('en-US', namespace);
      const target = load(language, namespace);
      expect([...target.keys()].sort(), `${language}/${namespace}`).toEqual(expectedKeys(source, language));
      for (const [key, text] of target) {
        expect(typeof text === 'string' && text.trim().length > 0, `${language}/${namespace}:${key} is empty`).toBe(true);
        const placeholders = (value: unknown) =>
          String(value)
            .match(/\{\{\w+\}\}/g)
            ?.sort() ?? [];
        const sourceKey = source.has(key) ? key : key.replace(PLURAL_SUFFIX, '_other');
        expect(placeholders(text), `${language}/${namespace}:${key} placeholders`).toEqual(placeholders(source.get(sourceKey)));
      }
    }
  });

  it('has a label for every navigation entry and administration page', () => {
    const common = load('en-US', 'common');
    for (const link of MAIN_PAGES) expect(common.has(link.labelKey), link.labelKey).toBe(true);
    for (const section of Object.values(ADMIN_SECTIONS)) expect(common.has(section.labelKey), section.labelKey).toBe(true);
  });

  it('words every declared record type for the "in use" refusal, which names them by kind', () => {
    const administration = load('en-US', 'administration');
    for (const kind of RESOURCE_KINDS) {
      for (const form of ['one', 'other']) expect(administration.has(`inUse.kinds.${kind}_${form}`), kind).toBe(true);
    }
  });
});
