import { DEFAULT_PAGE_SIZE, DEFAULT_SORT } from './list-defaults.ts';

/**
 * The requests the web app's screens send, in one place so that the web app and `npm run bench`
 * build them with the same code and cannot drift: a list screen's first request (its initial
 * filters, default sort and page, the relations its rows show) and its count, a detail with its
 * populate, the dashboard's first calls.
 */

/** A query value as screens hold it; arrays become `key[]=a&key[]=b`. */
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];
export type QueryParams = Record<string, QueryValue>;

const isEmpty = (value: QueryValue): boolean =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

// Keep the spec's readable keys (`status[]`, `created_at>`) and encode only what must be.
const encodeKey = (key: string) =>
  encodeURIComponent(key)
    .replace(/%5B%5D$/, '[]')
    .replace(/%3E/g, '>')
    .replace(/%3C/g, '<');

/**
 * The query string of an entity request (spec "Shared request conventions"): internal flags
 * (`__…`) stripped, empty values dropped, multi-values sent as `key[]`, `_limit` omitted when it
 * is the default 25 and `_skip` when 0.
 */
export const buildQuery = (params: QueryParams): string => {
  const parts: string[] = [];
  for (const [rawKey, value] of Object.entries(params)) {
    if (rawKey.startsWith('__') || isEmpty(value)) continue;
    if (rawKey === '_limit' && Number(value) === DEFAULT_PAGE_SIZE) continue;
    if (rawKey === '_skip' && Number(value) === 0) continue;
    if (Array.isArray(value)) {
      const key = encodeKey(rawKey.endsWith('[]') ? rawKey : `${rawKey}[]`);
      for (const item of value) parts.push(`${key}=${encodeURIComponent(String(item))}`);
    } else {
      parts.push(`${encodeKey(rawKey)}=${encodeURIComponent(String(value))}`);
    }
  }
  return parts.join('&');
};

/** One month back at the start of that local day (the end of a shorter month when it has no such day), as ISO 8601. */
export const oneMonthBack = (now = new Date()): string => {
  const lastDayOfPreviousMonth = new Date(now.getFullYear(), now.getMonth(), 0).getDate();
  return new Date(now.getFullYear(), now.getMonth() - 1, Math.min(now.getDate(), lastDayOfPreviousMonth)).toISOString();
};

/** The part of a list's state that becomes its request. */
export type ListRequestState = {
  filters: Record<string, string | string[]>;
  search: string;
  searchBy: string | null;
  sort: string;
  skip: number;
  limit: number;
};

/** The API parameters of a list state: the URL's own names, so URL and request never drift apart. */
export const toApiParams = (state: ListRequestState): QueryParams => ({
  ...state.filters,
  _search: state.search || undefined,
  _search_by: state.search ? (state.searchBy ?? undefined) : undefined,
  _sort: state.sort,
  _skip: state.skip,
  _limit: state.limit,
});

/** A list's count asks for the same filters without paging, order or relations. */
export const countParamsOf = (params: QueryParams): QueryParams => ({
  ...params,
  _sort: undefined,
  _skip: undefined,
  _limit: undefined,
  _populate: undefined,
  _fields: undefined,
});

/**
 * A list screen: its API path, the relations its rows show and which fields (`_fields`: the own
 * fields its shown columns read; a customer's name, not the whole customer), the filters a bare
 * URL starts with. A column hidden by default has its fields apart (`hiddenColumnFields`): they are
 * asked for only while the user shows that column (docs/decisions.md "A list asks for its shown
 * columns"), so the page everyone loads carries nothing nobody sees.
 */
export type ListScreenDef = {
  path: string;
  populate?: string;
  fields?: string;
  hiddenColumnFields?: Record<string, string>;
  defaultSort?: string;
  initial?: () => Record<string, string | string[]>;
};

const monthBack = () => ({ 'created_at>': oneMonthBack() });

/** `_fields` of a list: its default columns' and those of each hidden-by-default column in `shown`. */
export const fieldsFor = (screen: ListScreenDef, shown: readonly string[] = []): string | undefined =>
  [screen.fields, ...shown.map((key) => screen.hiddenColumnFields?.[key])].filter(Boolean).join(',') || undefined;

export const listScreens = {
  transactions: {
    path: 'transaction',
    populate: 'customer processor',
    // The columns of apps/web/src/features/transactions/columns.tsx (its test checks that they read no other).
    fields:
      'created_at,merchant_reference,amount,currency_code,status,payment_product_type,card_brand,tags,' +
      'customer.first_name,customer.last_name,customer.email_address,processor.name',
    hiddenColumnFields: {
      description: 'description',
      country_code: 'country_code',
      platform: 'platform',
      browser: 'browser',
      issuer: 'issuer',
      issuer_country: 'issuer_country',
    },
    initial: monthBack,
  },
  refunds: {
    path: 'refund',
    populate: 'transaction payment_profile',
    fields:
      'transaction.merchant_reference,transaction.payment_product_type,transaction.amount,transaction.currency_code,payment_profile.name',
    initial: monthBack,
  },
  chargebacks: {
    path: 'chargeback',
    populate: 'transaction payment_profile processor',
    fields: 'transaction.merchant_reference,transaction.payment_product_type,payment_profile.name,processor.name',
    initial: monthBack,
  },
  customers: { path: 'customer', initial: monthBack },
  // Issue 36: the manual review queue, pending first, the nearest SLA first.
  review: {
    path: 'review',
    populate: 'transaction',
    fields: 'transaction.merchant_reference,transaction.card_brand,transaction.card_last4,transaction.status',
    defaultSort: 'sla_due_at',
    initial: () => ({ 'status[]': ['PENDING'] }),
  },
  // risk-config §7: transaction, payment profile and user populated; a row needs the transaction's id
  // (the detail's Transaction tab lists that transaction's items), the profile's and the user's name.
  auditTrail: {
    path: 'psp/audittrail',
    populate: 'transaction payment_profile user',
    fields: 'transaction.id,payment_profile.name,user.name',
    initial: monthBack,
  },
  merchants: { path: 'psp/merchant', defaultSort: '-amount', initial: () => ({ active: 'true' }) },
} satisfies Record<string, ListScreenDef>;

/** Details as their panels ask for them. */
export const detailScreens = {
  transaction: { path: 'transaction', populate: 'customer payment_profile processor organisation' },
  refund: { path: 'refund', populate: 'transaction payment_profile' },
} satisfies Record<string, { path: string; populate?: string }>;

/** The path and query (no `/v1/`) of a list screen's first request and its count, as the screen sends them after its redirect. */
export const firstListRequests = (screen: ListScreenDef, fixed: QueryParams = {}): { list: string; count: string } => {
  const params = {
    ...toApiParams({
      filters: screen.initial?.() ?? {},
      search: '',
      searchBy: null,
      sort: screen.defaultSort ?? DEFAULT_SORT,
      skip: 0,
      limit: DEFAULT_PAGE_SIZE,
    }),
    ...fixed,
  };
  const withQuery = (path: string, query: string) => (query ? `${path}?${query}` : path);
  return {
    list: withQuery(screen.path, buildQuery({ _populate: screen.populate, _fields: screen.fields, ...params })),
    count: withQuery(`${screen.path}/count`, buildQuery(countParamsOf(params))),
  };
};

/** A detail panel's request for one row. */
export const detailRequest = (detail: { path: string; populate?: string }, id: string): string =>
  `${detail.path}/${encodeURIComponent(id)}${detail.populate ? `?${buildQuery({ _populate: detail.populate })}` : ''}`;

/** The statuses whose amounts the revenue overview counts as revenue. */
export const REVENUE_STATUSES = ['AUTHORIZED', 'SETTLEMENT_REQUESTED', 'SETTLEMENT_COMPLETED'] as const;

/** The dashboard's first calls (portal.md §7), parameters as the dashboard sends them. */
export const dashboardRequests = {
  payouts: {
    path: 'settlement',
    params: { _limit: 2, _sort: '-created_at', _populate: 'payment_profile', 'amount>': 1 },
  },
  bankPayouts: { path: 'payout', params: { _limit: 2, _sort: '-pay_date', _populate: 'bank_account' } },
  recent: { path: 'statistics/recent', params: {} },
  achievements: (currency: string) => ({ path: 'statistics/amazingthings', params: { currency_code: currency } }),
  today: (currency: string) => ({ path: 'statistics/today', params: { currency_code: currency } }),
  topMerchants: (currency: string) => ({
    path: 'statistics/merchant/revenue',
    params: { _limit: 5, currency_code: currency },
  }),
  /** The revenue overview: revenue per day over the 28 days up to `minute` (one range per minute keeps a query key stable). */
  revenueOverview: (currency: string, minute: number) => ({
    path: 'statistics/aggregate/day',
    params: {
      'created_at>': new Date(minute - 28 * 86_400_000).toISOString(),
      'created_at<': new Date(minute).toISOString(),
      'status[]': REVENUE_STATUSES,
      currency_code: currency,
    },
  }),
} as const;
