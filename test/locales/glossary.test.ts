import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '#core/domain/locale';

const root = path.resolve(import.meta.dirname, '../../locales');

type Concept = 'driver' | 'tractor' | 'orderNumber' | 'cargoType';

/**
 * One word per concept and language, used in every screen, export and notice: a dispatcher who reads
 * "Operador" in the table must not meet "Conductor" in a dialog. `avoid` lists the synonyms that
 * crept in before; a new synonym belongs there too.
 */
const GLOSSARY: Record<Language, Record<Concept, { use: string; avoid: string[] }>> = {
  'en-US': {
    driver: { use: 'driver', avoid: ['operators?', 'chauffeurs?'] },
    tractor: { use: 'tractor', avoid: ['truck tractors?', 'power units?'] },
    orderNumber: { use: 'order number', avoid: ['order ids?', 'po numbers?'] },
    cargoType: { use: 'cargo type', avoid: ['products?', 'commodit(?:y|ies)', 'load types?'] },
  },
  'es-MX': {
    driver: { use: 'operador', avoid: ['conductor(?:es|as?)?', 'ch[oó]fer(?:es)?'] },
    tractor: { use: 'tractocamión', avoid: ['tractor(?:es)?', 'cami[oó]n tractor'] },
    orderNumber: { use: 'número de pedido', avoid: ['n[uú]mero de orden', 'n\\.?[oº] de orden'] },
    cargoType: { use: 'tipo de carga', avoid: ['productos?', 'tipos? de producto'] },
  },
  'fr-CA': {
    driver: { use: 'chauffeur', avoid: ['conduct(?:eur|rice)s?', 'camionneu(?:r|se)s?'] },
    tractor: { use: 'tracteur', avoid: ['camions?-tracteurs?', 'unités? motrices?'] },
    orderNumber: { use: 'numéro de commande', avoid: ["numéro d'ordre", 'numéro de bon de commande'] },
    cargoType: { use: 'type de marchandise', avoid: ['types? de chargement', 'types? de cargaison', 'types? de produits?'] },
  },
  'nl-NL': {
    driver: { use: 'chauffeur', avoid: ['bestuurders?', 'rijders?'] },
    tractor: { use: 'trekker', avoid: ['tractors?', 'trekkende eenheden?'] },
    orderNumber: { use: 'ordernummer', avoid: ['bestelnummers?', 'opdrachtnummers?'] },
    cargoType: { use: 'vrachtsoort', avoid: ['ladingtypen?', 'ladingsoort(?:en)?', 'producten?'] },
  },
};

/** Every text of a locale by `namespace:key`, placeholders removed (`{{tractor}}` is no word). */
function texts(language: string): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (value: unknown, key: string) => {
    if (typeof value === 'string') found.set(key, value.replace(/\{\{\w+\}\}/g, ''));
    else if (value && typeof value === 'object') {
      for (const [child, leaf] of Object.entries(value)) walk(leaf, key.endsWith(':') ? `${key}${child}` : `${key}.${child}`);
    }
  };
  for (const file of readdirSync(path.join(root, language))) {
    walk(JSON.parse(readFileSync(path.join(root, language, file), 'utf8')), `${file.replace(/\.json$/, '')}:`);
  }
  return found;
}

/** A whole word or phrase, case-insensitive; letters with accents count as letters. */
function wordPattern(alternatives: string[]) {
  return new RegExp(`(?<!\\p{L})(?:${alternatives.join('|')})(?!\\p{L})`, 'iu');
}

describe('glossary', () => {
  it.each(LANGUAGES)('%s names each concept with its one glossary term', (language) => {
    const all = texts(language);
    for (const [concept, { avoid }] of Object.entries(GLOSSARY[language])) {
      const synonym = wordPattern(avoid);
      const offenders = [...all].filter(([, text]) => synonym.test(text)).map(([key, text]) => `${key} = ${text}`);
      expect(offenders, `${language} ${concept}: use "${GLOSSARY[language][concept as Concept].use}"`).toEqual([]);
    }
  });

  it.each(LANGUAGES)('%s uses each glossary term', (language) => {
    const all = [...texts(language).values()];
    for (const { use } of Object.values(GLOSSARY[language])) {
      expect(
        all.some((text) => wordPattern([use]).test(text)),
        `${language}: "${use}"`,
      ).toBe(true);
    }
  });
});
