import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '#core/domain/locale';

const root = path.resolve(import.meta.dirname, '../../locales');

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/**
 * Placeholder names that carried a count before counts were called `count`: i18next picks a plural
 * form only from `count`, so "Create {{total}} drafts" read "Create 1 drafts". A new such name
 * belongs here too.
 */
const FORMER_COUNT_NAMES = ['total', 'rows', 'units'];

/** Every text of a locale by `namespace:key`. */
function texts(language: string): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (value: unknown, key: string) => {
    if (typeof value === 'string') found.set(key, value);
    else if (value && typeof value === 'object') {
      for (const [child, leaf] of Object.entries(value)) walk(leaf, key.endsWith(':') ? `${key}${child}` : `${key}.${child}`);
    }
  };
  for (const file of readdirSync(path.join(root, language))) {
    walk(JSON.parse(readFileSync(path.join(root, language, file), 'utf8')), `${file.replace(/\.json$/, '')}:`);
  }
  return found;
}

describe('plurals', () => {
  it.each(LANGUAGES)('%s has every plural form of each message that interpolates a count', (language) => {
    const all = texts(language);
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    const missing: string[] = [];
    for (const [key, text] of all) {
      if (!text.includes('{{count}}')) continue;
      const base = key.replace(PLURAL_SUFFIX, '');
      if (base === key) missing.push(`${key} has no plural forms: ${text}`);
      for (const category of categories) if (!all.has(`${base}_${category}`)) missing.push(`${base}_${category}`);
    }
    expect([...new Set(missing)]).toEqual([]);
  });

  it.each(LANGUAGES)('%s interpolates every count as {{count}}', (language) => {
    const former = new RegExp(`\\{\\{(?:${FORMER_COUNT_NAMES.join('|')})\\}\\}`);
    const offenders = [...texts(language)].filter(([, text]) => former.test(text)).map(([key, text]) => `${key} = ${text}`);
    expect(offenders).toEqual([]);
  });
});
