import dayjs from 'dayjs';
import { DEFAULT_PAGE_SIZE, DEFAULT_SORT } from '@kassa/domain';

// Shared with `npm run bench` through the domain, so the bench sends what a screen sends.
export { oneMonthBack, toApiParams } from '@kassa/domain';

/** How one URL parameter is read; anything that does not fit is dropped (the default applies). */
export type ParamKind =
  | { kind: 'text' }
  | { kind: 'date' }
  | { kind: 'int' }
  | { kind: 'bool' }
  | { kind: 'enum'; values: readonly string[] }
  | { kind: 'enumArray'; values: readonly string[] }
  | { kind: 'textArray' };

export const param = {
  text: (): ParamKind => ({ kind: 'text' }),
  date: (): ParamKind => ({ kind: 'date' }),
  int: (): ParamKind => ({ kind: 'int' }),
  bool: (): ParamKind => ({ kind: 'bool' }),
  oneOf: (values: readonly string[]): ParamKind => ({ kind: 'enum', values }),
  anyOf: (values: readonly string[]): ParamKind => ({ kind: 'enumArray', values }),
  texts: (): ParamKind => ({ kind: 'textArray' }),
};

/**
 * A list's URL contract (STYLE.md habit 5): filters keyed by the spec's own names (`created_at>`,
 * `status[]`), the sortable fields, search fields and the initial filters of the route.
 */
export type ListParamsDef = {
  filters: Record<string, ParamKind>;
  sortable: readonly string[];
  defaultSort?: string;
  searchBy?: readonly string[];
  /** Filters a bare URL is redirected to (e.g. `created_at>` one month back). */
  initial?: () => Record<string, string | string[]>;
};

export type FilterValue = string | string[];

/** Everything a list shows, read from the URL: the URL is the only place list state lives. */
export type ListState = {
  filters: Record<string, FilterValue>;
  sort: string;
  skip: number;
  limit: number;
  search: string;
  searchBy: string | null;
  /** The row whose detail panel is open. */
  open: string | null;
};

export const PAGE_SIZES = [10, 25, 50, 100] as const;

const readValue = (kind: ParamKind, values: string[]): FilterValue | undefined => {
  const nonEmpty = values.map((value) => value.trim()).filter(Boolean);
  const first = nonEmpty[0];
  switch (kind.kind) {
    case 'text':
      return first;
    case 'date':
      return first && dayjs(first).isValid() && /^\d{4}-\d{2}-\d{2}/.test(first) ? first : undefined;
    case 'int':
      return first && /^-?\d+$/.test(first) ? first : undefined;
    case 'bool':
      return first === 'true' || first === 'false' ? first : undefined;
    case 'enum':
      return first && kind.values.includes(first) ? first : undefined;
    case 'enumArray': {
      const valid = nonEmpty.filter((value) => kind.values.includes(value));
      return valid.length ? [...new Set(valid)] : undefined;
    }
    case 'textArray':
      return nonEmpty.length ? [...new Set(nonEmpty)] : undefined;
  }
};

const intOf = (raw: string | null, fallback: number, allowed?: readonly number[]) => {
  const value = raw !== null && /^\d+$/.test(raw) ? Number(raw) : fallback;
  return allowed && !allowed.includes(value) ? fallback : value;
};

/** Reads the list state from a URL query; invalid values fall back to defaults. */
export const parseListParams = (def: ListParamsDef, search: URLSearchParams): ListState => {
  const filters: Record<string, FilterValue> = {};
  for (const [key, kind] of Object.entries(def.filters)) {
    const value = readValue(kind, search.getAll(key));
    if (value !== undefined) filters[key] = value;
  }
  const defaultSort = def.defaultSort ?? DEFAULT_SORT;
  const rawSort = search.get('_sort') ?? defaultSort;
  const sort = def.sortable.includes(rawSort.replace(/^-/, '')) ? rawSort : defaultSort;
  const searchBy = search.get('_search_by');
  return {
    filters,
    sort,
    skip: intOf(search.get('_skip'), 0),
    limit: intOf(search.get('_limit'), DEFAULT_PAGE_SIZE, PAGE_SIZES),
    search: (search.get('_search') ?? '').trim(),
    searchBy: searchBy && def.searchBy?.includes(searchBy) ? searchBy : null,
    open: search.get('open') || null,
  };
};

const encode = (key: string) =>
  encodeURIComponent(key)
    .replace(/%5B%5D$/, '[]')
    .replace(/%3E/g, '>')
    .replace(/%3C/g, '<');

/** The URL query of a list state, readable (`status[]=FAILED&created_at>=…`), defaults left out. */
export const serializeListState = (def: ListParamsDef, state: Partial<ListState>): string => {
  const parts: string[] = [];
  const add = (key: string, value: string) => parts.push(`${encode(key)}=${encodeURIComponent(value)}`);
  for (const [key, value] of Object.entries(state.filters ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) if (item !== '') add(key, item);
  }
  if (state.search) add('_search', state.search);
  if (state.search && state.searchBy) add('_search_by', state.searchBy);
  if (state.sort && state.sort !== (def.defaultSort ?? DEFAULT_SORT)) add('_sort', state.sort);
  if (state.skip) add('_skip', String(state.skip));
  if (state.limit && state.limit !== DEFAULT_PAGE_SIZE) add('_limit', String(state.limit));
  if (state.open) add('open', state.open);
  return parts.join('&');
};

/** A bare URL (no parameters at all) gets the route's initial filters by a redirect. */
export const initialSearch = (def: ListParamsDef, search: URLSearchParams): string | null =>
  def.initial && [...search.keys()].length === 0 ? serializeListState(def, { filters: def.initial() }) : null;
