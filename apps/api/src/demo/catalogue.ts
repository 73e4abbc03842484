import type { PaymentProduct } from '@kassa/domain';

/**
 * What the demo world consists of, as plain data: the organisations.ts and transactions.ts
 * generators turn this into rows. Names are invented; none is a real company.
 */

export type ProfileSpec = {
  key: string;
  /** Key of the organisation that owns the profile: the merchant itself or one of its subs. */
  org: string;
  name: string;
  displayName: string;
  website?: string;
  currency: 'EUR' | 'GBP' | 'USD';
  /** Share of the merchant's transactions. */
  share: number;
  products: Partial<Record<PaymentProduct, number>>;
};

export type MerchantSpec = {
  key: string;
  name: string;
  refPrefix: string;
  email: string;
  phone: string;
  street: string;
  streetNumber: string;
  postalCode: string;
  locality: string;
  region: string;
  countryCode: string;
  taxNumber: string;
  /** Share of all transactions, before growth and onboarding. */
  share: number;
  /** Days before `now` the merchant went live (at most a year). */
  liveDays: number;
  /** Typical basket: mixtures of log-normal amounts in minor units. */
  baskets: { weight: number; median: number; sigma: number }[];
  refundRate: number;
  customerCountries: Record<string, number>;
  descriptions: string[];
  /** `mfaRequired`: the sub requires this MFA method of its users (forced enrolment at sign-in). */
  subs: { key: string; name: string; locality: string; postalCode: string; mfaRequired?: 'email' | 'google' }[];
  profiles: ProfileSpec[];
  features?: string[];
};

export const PROVIDER = {
  name: 'Kassa Payments',
  email: 'support@kassa.test',
  phone: '+31 20 555 0100',
  street: 'Keizersgracht',
  streetNumber: '400',
  postalCode: '1016 GC',
  locality: 'Amsterdam',
  region: 'Noord-Holland',
  countryCode: 'NL',
  taxNumber: 'NL001234567B01',
  features: ['collecting'],
};

/** Provider-owned processors; `products` says which payment products each one carries. */
export const PROCESSORS = [
  {
    key: 'northwind',
    name: 'Northwind Acquiring',
    provider: 'northwind',
    product: 'card',
    description: 'Card acquiring for Visa, Mastercard, Maestro and Amex',
  },
  {
    key: 'meridian',
    name: 'Meridian Card Services',
    provider: 'meridian',
    product: 'card',
    description: 'Second card acquirer, used for routing and failover',
  },
  {
    key: 'polder',
    name: 'Polder iDEAL Gateway',
    provider: 'polderpay',
    product: 'ideal',
    description: 'iDEAL bank transfers',
  },
  {
    key: 'walletline',
    name: 'Walletline',
    provider: 'walletline',
    product: 'paypal',
    description: 'PayPal wallet payments',
  },
  {
    key: 'benelux',
    name: 'Benelux Debit Hub',
    provider: 'beneluxdebit',
    product: 'bancontact',
    description: 'Bancontact payments',
  },
  {
    key: 'eurodebit',
    name: 'Eurozone Direct Debit',
    provider: 'eurodebit',
    product: 'sepa',
    description: 'SEPA direct debits',
  },
  {
    key: 'tapwallet',
    name: 'Northwind Wallets',
    provider: 'northwind',
    product: 'applepay',
    description: 'Apple Pay tokens through Northwind',
  },
] as const;

export const MIDDLEWARE = [
  { key: 'sentinel', name: 'Fraud Sentinel', provider: 'sentinel' },
  { key: 'threeds', name: 'Secure Check 3-D Server', provider: 'securecheck' },
] as const;

export const TAGS = [
  { text: 'VIP', colour: '#722ed1' },
  { text: 'Review', colour: '#fa8c16' },
  { text: 'High value', colour: '#1677ff' },
  { text: 'Fraud suspected', colour: '#f5222d' },
] as const;

const eur = (
  key: string,
  org: string,
  name: string,
  share: number,
  products: ProfileSpec['products'],
  website?: string,
): ProfileSpec => ({ key, org, name, displayName: name, website, currency: 'EUR', share, products });

export const MERCHANTS: MerchantSpec[] = [
  {
    key: 'zuiderzee',
    features: ['collecting'],
    name: 'Zuiderzee Fietsen B.V.',
    refPrefix: 'ZF',
    email: 'finance@zuiderzee-fietsen.test',
    phone: '+31 20 555 0123',
    street: 'Overtoom',
    streetNumber: '212',
    postalCode: '1054 HW',
    locality: 'Amsterdam',
    region: 'Noord-Holland',
    countryCode: 'NL',
    taxNumber: 'NL812345678B01',
    share: 0.34,
    liveDays: 400,
    refundRate: 0.04,
    baskets: [
      { weight: 0.62, median: 3500, sigma: 0.7 },
      { weight: 0.28, median: 89_900, sigma: 0.45 },
      { weight: 0.1, median: 12_500, sigma: 0.5 },
    ],
    customerCountries: { NL: 92, BE: 5, DE: 3 },
    descriptions: ['E-bike', 'Stadsfiets', 'Fietsverlichting', 'Onderhoudsbeurt', 'Fietstas', 'Kinderzitje', 'Slot'],
    subs: [
      { key: 'zuiderzee-ams', name: 'Zuiderzee Fietsen Amsterdam', locality: 'Amsterdam', postalCode: '1054 HW' },
      { key: 'zuiderzee-utr', name: 'Zuiderzee Fietsen Utrecht', locality: 'Utrecht', postalCode: '3511 AB' },
      // The back office that demonstrates forced MFA enrolment: no shop, no profiles of its own.
      {
        key: 'zuiderzee-admin',
        name: 'Zuiderzee Fietsen Administratie',
        locality: 'Amsterdam',
        postalCode: '1054 HW',
        mfaRequired: 'google',
      },
    ],
    profiles: [
      eur(
        'zf-web',
        'zuiderzee',
        'Zuiderzee webshop',
        0.6,
        { ideal: 55, card: 22, applepay: 9, paypal: 8, sepa: 4, bancontact: 2 },
        'https://zuiderzee-fietsen.test',
      ),
      eur('zf-ams', 'zuiderzee-ams', 'Zuiderzee winkel Amsterdam', 0.25, { card: 60, applepay: 30, ideal: 10 }),
      eur('zf-utr', 'zuiderzee-utr', 'Zuiderzee winkel Utrecht', 0.15, { card: 60, applepay: 30, ideal: 10 }),
    ],
  },
  {
    key: 'vandijk',
    features: ['collecting'],
    name: 'Bakkerij Van Dijk',
    refPrefix: 'BVD',
    email: 'bestellingen@bakkerijvandijk.test',
    phone: '+31 30 555 0456',
    street: 'Oudegracht',
    streetNumber: '88',
    postalCode: '3511 AV',
    locality: 'Utrecht',
    region: 'Utrecht',
    countryCode: 'NL',
    taxNumber: 'NL823456789B01',
    share: 0.2,
    liveDays: 400,
    refundRate: 0.01,
    baskets: [{ weight: 1, median: 1450, sigma: 0.55 }],
    customerCountries: { NL: 100 },
    descriptions: ['Taart', 'Brood en banket', 'Gebakdoos', 'Lunchpakket', 'Verjaardagstaart'],
    subs: [],
    profiles: [
      eur(
        'bvd-web',
        'vandijk',
        'Van Dijk bestellingen',
        1,
        { ideal: 45, card: 25, applepay: 25, paypal: 5 },
        'https://bakkerijvandijk.test',
      ),
    ],
  },
  {
    key: 'noordlicht',
    name: 'Noordlicht Mode',
    refPrefix: 'NLM',
    email: 'klantenservice@noordlicht-mode.test',
    phone: '+31 50 555 0789',
    street: 'Herestraat',
    streetNumber: '17',
    postalCode: '9711 LB',
    locality: 'Groningen',
    region: 'Groningen',
    countryCode: 'NL',
    taxNumber: 'NL834567890B01',
    share: 0.2,
    liveDays: 400,
    refundRate: 0.1,
    baskets: [{ weight: 1, median: 6500, sigma: 0.6 }],
    customerCountries: { NL: 70, BE: 25, DE: 5 },
    descriptions: ['Wollen jas', 'Jeans', 'Sneakers', 'Zomerjurk', 'Trui', 'Accessoires'],
    subs: [{ key: 'noordlicht-outlet', name: 'Noordlicht Outlet', locality: 'Groningen', postalCode: '9723 ZZ' }],
    profiles: [
      eur(
        'nlm-web',
        'noordlicht',
        'Noordlicht webshop',
        0.8,
        { ideal: 42, card: 22, paypal: 16, applepay: 10, bancontact: 10 },
        'https://noordlicht-mode.test',
      ),
      eur('nlm-outlet', 'noordlicht-outlet', 'Noordlicht Outlet', 0.2, { ideal: 50, card: 30, applepay: 20 }),
    ],
  },
  {
    key: 'leshalles',
    features: ['collecting'],
    name: 'Brasserie Les Halles',
    refPrefix: 'BLH',
    email: 'reservations@brasserie-leshalles.test',
    phone: '+32 2 555 0147',
    street: 'Rue du Marché aux Herbes',
    streetNumber: '55',
    postalCode: '1000',
    locality: 'Brussel',
    region: 'Brussels Hoofdstedelijk Gewest',
    countryCode: 'BE',
    taxNumber: 'BE0123456789',
    share: 0.11,
    liveDays: 300,
    refundRate: 0.02,
    baskets: [{ weight: 1, median: 4800, sigma: 0.5 }],
    customerCountries: { BE: 80, FR: 12, NL: 8 },
    descriptions: ['Réservation', 'Dîner', 'Menu du jour', 'Bon cadeau'],
    subs: [],
    profiles: [
      eur(
        'blh-web',
        'leshalles',
        'Les Halles réservations',
        1,
        { bancontact: 55, card: 30, applepay: 10, paypal: 5 },
        'https://brasserie-leshalles.test',
      ),
    ],
  },
  {
    key: 'rheinblick',
    features: ['collecting'],
    name: 'Rheinblick Reisen GmbH',
    refPrefix: 'RBR',
    email: 'buchung@rheinblick-reisen.test',
    phone: '+49 221 555 0258',
    street: 'Rheinuferstraße',
    streetNumber: '9',
    postalCode: '50668',
    locality: 'Köln',
    region: 'Nordrhein-Westfalen',
    countryCode: 'DE',
    taxNumber: 'DE123456789',
    share: 0.07,
    liveDays: 400,
    refundRate: 0.05,
    baskets: [
      { weight: 0.7, median: 64_000, sigma: 0.6 },
      { weight: 0.3, median: 9_500, sigma: 0.4 },
    ],
    customerCountries: { DE: 70, NL: 10, AT: 10, CH: 5, FR: 5 },
    descriptions: ['Flusskreuzfahrt', 'Städtereise', 'Anzahlung', 'Reiseversicherung'],
    subs: [],
    profiles: [
      eur(
        'rbr-web',
        'rheinblick',
        'Rheinblick Buchungen',
        1,
        { card: 45, paypal: 30, sepa: 20, applepay: 5 },
        'https://rheinblick-reisen.test',
      ),
    ],
  },
  {
    key: 'thames',
    name: 'Thames & Tulip Ltd',
    refPrefix: 'TT',
    email: 'hello@thamesandtulip.test',
    phone: '+44 20 5550 0369',
    street: 'Columbia Road',
    streetNumber: '142',
    postalCode: 'E2 7RG',
    locality: 'London',
    region: 'Greater London',
    countryCode: 'GB',
    taxNumber: 'GB123456789',
    share: 0.08,
    liveDays: 130,
    refundRate: 0.03,
    baskets: [{ weight: 1, median: 4200, sigma: 0.45 }],
    customerCountries: { GB: 95, IE: 5 },
    descriptions: ['Tulip bouquet', 'Flower subscription box', 'Peonies', 'Gift card'],
    subs: [],
    profiles: [
      {
        key: 'tt-web',
        org: 'thames',
        name: 'Thames & Tulip online',
        displayName: 'Thames & Tulip',
        website: 'https://thamesandtulip.test',
        currency: 'GBP',
        share: 1,
        products: { card: 70, applepay: 20, paypal: 10 },
      },
    ],
  },
];
