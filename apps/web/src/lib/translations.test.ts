import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHARGEBACK_REASON_CODES, navigation, statusVocabularies } from '@kassa/domain';
import { describe, expect, it } from 'vitest';
import { parseJsonc } from './jsonc.ts';
import { LANGUAGES } from './languages.ts';

const web = new URL('../..', import.meta.url).pathname;
const i18nDir = join(web, 'public/assets/i18n');

const flatten = (value: unknown, prefix = ''): string[] =>
  value && typeof value === 'object'
    ? Object.entries(value).flatMap(([key, inner]) => flatten(inner, prefix ? `${prefix}.${key}` : key))
    : [prefix];

const load = (language: string, file: string) => {
  const text = readFileSync(join(i18nDir, language, file), 'utf8');
  return file.endsWith('.jsonc') ? parseJsonc(text) : JSON.parse(text);
};

describe('translations', () => {
  for (const file of ['main.json', 'fields.jsonc']) {
    it(`${file} has the same keys in every language`, () => {
      const [first, ...rest] = LANGUAGES.map((language) => new Set(flatten(load(language, file))));
      for (const [index, keys] of rest.entries()) {
        expect(
          [...first].filter((key) => !keys.has(key)),
          `missing in ${LANGUAGES[index + 1]}`,
        ).toEqual([]);
        expect(
          [...keys].filter((key) => !first.has(key)),
          `missing in ${LANGUAGES[0]}`,
        ).toEqual([]);
      }
    });
  }

  it('has no empty translation', () => {
    for (const language of LANGUAGES) {
      const main = load(language, 'main.json');
      const empty = flatten(main).filter(
        (key) =>
          key
            .split('.')
            .reduce((node: Record<string, unknown>, part) => node[part] as Record<string, unknown>, main) ===
          ('' as unknown),
      );
      expect(empty).toEqual([]);
    }
  });

  it('labels and describes every menu item and every status', () => {
    for (const language of LANGUAGES) {
      const keys = new Set(flatten(load(language, 'main.json')));
      for (const item of navigation) {
        expect(keys.has(item.label), `${language} ${item.label}`).toBe(true);
        expect(keys.has(item.description), `${language} ${item.description}`).toBe(true);
        expect(keys.has(`nav.groups.${item.group}`), `${language} group ${item.group}`).toBe(true);
      }
      for (const [vocabulary, { values }] of Object.entries(statusVocabularies)) {
        for (const status of values)
          expect(keys.has(`statuses.${vocabulary}.${status}`), `${language} ${vocabulary}.${status}`).toBe(true);
      }
    }
  });

  it('describes every chargeback reason code Kassa knows in each language, not in English in Dutch', () => {
    const nl = load('nl', 'main.json').chargebacks.reasonCodes as Record<string, string>;
    for (const language of LANGUAGES) {
      const keys = new Set(flatten(load(language, 'main.json')));
      for (const code of Object.keys(CHARGEBACK_REASON_CODES))
        expect(keys.has(`chargebacks.reasonCodes.${code.replace('.', '_')}`), `${language} ${code}`).toBe(true);
    }
    const english = Object.entries(CHARGEBACK_REASON_CODES).filter(
      ([code, text]) => nl[code.replace('.', '_')] === text,
    );
    expect(english).toEqual([]);
  });
});

/** Every .tsx file under src, for the literal-text check. */
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? sources(path) : entry.name.endsWith('.tsx') ? [path] : [];
  });

describe('no literal UI text', () => {
  it('renders no untranslated words between JSX tags', () => {
    // Text between tags made of letters is UI text that would not switch language.
    const offenders: string[] = [];
    for (const file of sources(join(web, 'src'))) {
      const code = readFileSync(file, 'utf8');
      for (const match of code.matchAll(/>\s*([A-Za-zÀ-ÿ][^<>{}]*?)\s*<\//g))
        offenders.push(`${file.replace(web, '')}: ${match[1]}`);
      for (const match of code.matchAll(/\b(title|placeholder|aria-label|label)="([A-Za-z][^"]*)"/g))
        offenders.push(`${file.replace(web, '')}: ${match[1]}="${match[2]}"`);
    }
    expect(offenders).toEqual([]);
  });
});
