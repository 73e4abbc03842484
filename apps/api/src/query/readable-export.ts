import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { statusVocabularies, type TListQuery } from '@kassa/domain';
import { badRequest } from '../lib/http-error.ts';
import type { Row } from '../plugins/db/index.ts';
import type { EntityDef, FieldDef } from './entity.ts';

/**
 * The export a person reads in a spreadsheet (`_format=readable`): headers in the user's language,
 * amounts as decimals, times in the user's time zone with the offset, statuses and other codes in
 * words, and related names beside ids. The machine export (codes, minor units, UTC) is unchanged.
 */
export type ReadableLanguage = 'nl' | 'en-US';
export type ReadableOptions = { language: ReadableLanguage; timeZone: string };

// The browser's own translation files, so a header reads exactly as the column on screen.
const i18nDir = join(dirname(fileURLToPath(import.meta.url)), '../../../web/public/assets/i18n');
const stripComments = (text: string) => text.replace(/^\s*\/\/.*$/gm, '');
const bundles = new Map<ReadableLanguage, { main: Row; fields: Row; loadedAt: Date }>();
const bundle = (language: ReadableLanguage) => {
  let loaded = bundles.get(language);
  if (!loaded) {
    const read = (file: string) =>
      JSON.parse(stripComments(readFileSync(join(i18nDir, language, file), 'utf8'))) as Row;
    loaded = { main: read('main.json'), fields: read('fields.jsonc'), loadedAt: new Date() };
    bundles.set(language, loaded);
  }
  return loaded;
};

/** The translation bundles this process holds, for the cache page. */
export const loadedTranslationBundles = () => [...bundles.values()].map((b) => b.loadedAt);
/** Drops this process's translation bundles: the next readable export reads the files again. */
export const clearTranslationBundles = () => bundles.clear();
const lookup = (tree: Row, key: string): string | undefined => {
  let node: unknown = tree;
  for (const part of key.split('.')) node = node && typeof node === 'object' ? (node as Row)[part] : undefined;
  return typeof node === 'string' ? node : undefined;
};

/**
 * A text of the browser's translations for a document the server writes (the settlement PDF):
 * `fields:<entity>.<field>` from fields.jsonc, anything else from main.json, `{{name}}` filled in.
 */
export const translate = (language: ReadableLanguage, key: string, values: Record<string, string> = {}): string => {
  const { main, fields } = bundle(language);
  const text = key.startsWith('fields:') ? lookup(fields, key.slice('fields:'.length)) : lookup(main, key);
  return (text ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
};

/** `_lang` and `_tz` of a readable export, checked: a wrong one is a 400 naming it. */
export const readableOptionsOf = (query: TListQuery): ReadableOptions => {
  const language = (query._lang ?? 'nl') as string;
  if (language !== 'nl' && language !== 'en-US') throw badRequest('querystring._lang', '_lang must be nl or en-US');
  const timeZone = (query._tz ?? 'Europe/Amsterdam') as string;
  try {
    new Intl.DateTimeFormat('en', { timeZone });
  } catch {
    throw badRequest('querystring._tz', `Unknown time zone ${timeZone}`);
  }
  return { language, timeZone };
};

// Codes that have words in the browser's translations, by field name (statuses are found by vocabulary).
const VALUE_KEYS: Record<string, string> = {
  payment_product_type: 'paymentProducts',
  payment_product: 'paymentProducts',
  recurring_type: 'recurringTypes',
  segment: 'customers.segments',
  gender: 'genders',
};
const vocabularyOf = (field: FieldDef) =>
  Object.entries(statusVocabularies).find(([, vocabulary]) => vocabulary.values === field.values)?.[0];
const isMoney = (name: string, field: FieldDef | undefined) => field?.type === 'int' && /(^|_)amount$/.test(name);

/** A related row's name is exported beside its id wherever the relation has one (customer, plan, profile…). */
export const withRelatedNames = (entity: EntityDef, fields: readonly string[]): string[] => {
  const result: string[] = [];
  for (const field of fields) {
    if (result.includes(field)) continue;
    result.push(field);
    const head = field.split('.')[0];
    const name = `${head}.name`;
    if (entity.populate?.[head]?.target().fields.name && !fields.includes(name) && !result.includes(name))
      result.push(name);
  }
  return result;
};

/** Turns exported paths into readable headers and cell formatters. */
export const readableColumns = (entity: EntityDef, fields: readonly string[], options: ReadableOptions) => {
  const { main, fields: labels } = bundle(options.language);
  const locale = options.language === 'nl' ? 'nl-NL' : 'en-US';
  const decimals = new Intl.NumberFormat(locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: false,
  });
  const dateTime = new Intl.DateTimeFormat(locale, {
    timeZone: options.timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const offset = new Intl.DateTimeFormat('en-US', { timeZone: options.timeZone, timeZoneName: 'longOffset' });
  const labelOf = (entityName: string, field: string) =>
    lookup(labels, `${entityName}.${field}`) ?? lookup(labels, `common.${field}`) ?? field;
  const yesNo = (value: boolean) => lookup(main, value ? 'export.yes' : 'export.no') ?? String(value);

  const header = (path: string) => {
    const [head, nested] = path.split('.');
    if (nested === undefined) return labelOf(entity.name, head);
    if (nested === 'id') return labelOf(entity.name, head);
    const combined = lookup(labels, `${entity.name}.${head}_${nested}`);
    if (combined) return combined;
    const target = entity.populate?.[head]?.target();
    return `${lookup(main, `export.relations.${head}`) ?? labelOf(entity.name, head)} – ${labelOf(target?.name ?? head, nested)}`;
  };

  const formatTime = (value: Date) => {
    const zone = offset.formatToParts(value).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
    return `${dateTime.format(value).replace(',', '')} ${zone === 'GMT' ? '+00:00' : zone.replace('GMT', '')}`;
  };

  const formatter = (path: string): ((value: unknown, owner: Row) => string | null) => {
    const [head, nested] = path.split('.');
    const ownerEntity = nested === undefined ? entity : entity.populate?.[head]?.target();
    const name = nested ?? head;
    const field = ownerEntity?.fields[name];
    if (isMoney(name, field)) return (value) => (typeof value === 'number' ? decimals.format(value / 100) : null);
    if (field?.type === 'timestamp')
      return (value) => (value instanceof Date || typeof value === 'string' ? formatTime(new Date(value)) : null);
    if (field?.type === 'bool') return (value) => (typeof value === 'boolean' ? yesNo(value) : null);
    const vocabulary = field ? vocabularyOf(field) : undefined;
    const valueKey = vocabulary ? `statuses.${vocabulary}` : VALUE_KEYS[name];
    if (valueKey)
      return (value) => (typeof value === 'string' ? (lookup(main, `${valueKey}.${value}`) ?? value) : null);
    return () => null;
  };

  return { headers: fields.map(header), formatters: fields.map(formatter) };
};

/** The separator a spreadsheet in that language opens without an import dialog (Dutch uses the comma for decimals). */
export const readableDelimiter = (language: ReadableLanguage) => (language === 'nl' ? ';' : ',');
