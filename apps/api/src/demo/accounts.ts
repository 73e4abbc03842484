/** The demo accounts of DESIGN.md "Demo data"; all share DEMO_PASSWORD. */
export const DEMO_PASSWORD = 'Kassa-demo-2026!';

export const ANALYST_ROLES = [
  'TRANSACTION_LIST',
  'REFUND_LIST',
  'CHARGEBACK_LIST',
  'CUSTOMER_LIST',
  'STATISTICS_LIST',
  'TRANSACTION_STATISTICS',
  'REFUND_STATISTICS',
  'CUSTOMER_STATISTICS',
  'PAYMENT_LINK_LIST',
  'SUBSCRIPTION_LIST',
  'PLAN_LIST',
  'REPORT_LIST',
] as const;

export type DemoAccount = {
  email: string;
  name: string;
  /** Key of the organisation in the catalogue; `provider` for Kassa Payments. */
  org: string;
  language: 'nl' | 'en';
  roles: readonly string[];
  what: string;
};

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: 'admin@kassa.test',
    name: 'Anouk de Boer',
    org: 'provider',
    language: 'en',
    roles: ['PSP', 'PSP_ALL', 'PSP_SUPER'],
    what: 'provider staff, super user',
  },
  {
    email: 'support@kassa.test',
    name: 'Sem Visser',
    org: 'provider',
    language: 'nl',
    roles: ['PSP_ALL'],
    what: 'provider support (PSP_ALL)',
  },
  {
    email: 'merchant@kassa.test',
    name: 'Daan Jansen',
    org: 'zuiderzee',
    language: 'nl',
    roles: ['USER_ALL'],
    what: 'Zuiderzee Fietsen, all rights',
  },
  {
    email: 'analyst@kassa.test',
    name: 'Fleur Bakker',
    org: 'zuiderzee',
    language: 'en',
    roles: ANALYST_ROLES,
    what: 'Zuiderzee Fietsen, read-only lists and statistics',
  },
  {
    email: 'winkel@kassa.test',
    name: 'Lotte Smit',
    org: 'zuiderzee-ams',
    language: 'nl',
    roles: ['USER_ALL'],
    what: 'sub-organisation Zuiderzee Fietsen Amsterdam',
  },
  {
    email: 'secure@kassa.test',
    name: 'Milan de Vries',
    org: 'zuiderzee-admin',
    language: 'en',
    roles: ['TRANSACTION_LIST', 'REFUND_LIST', 'CUSTOMER_LIST'],
    what: 'must enrol an authenticator app (MFA required)',
  },
  {
    email: 'mode@kassa.test',
    name: 'Noah Mulder',
    org: 'noordlicht',
    language: 'nl',
    roles: ['USER_ALL'],
    what: 'another merchant: Noordlicht Mode',
  },
  {
    email: 'approver@kassa.test',
    name: 'Sanne de Boer',
    org: 'noordlicht',
    language: 'en',
    roles: ['USER_ALL', 'CHANGE_EMERGENCY'],
    what: 'Noordlicht Mode, approves risky changes (four eyes)',
  },
];

/** The short table printed at every start-up. */
export const formatDemoAccounts = (): string =>
  [
    `Demo accounts (password ${DEMO_PASSWORD}):`,
    ...DEMO_ACCOUNTS.map((account) => `  ${account.email.padEnd(22)} ${account.what}`),
  ].join('\n');
