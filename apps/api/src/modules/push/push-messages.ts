import type { TPushEvent } from '@kassa/domain';

/** What the service worker shows: title, body, where a click goes, and a tag that replaces an older one of the same item. */
export type PushMessage = { title: string; body: string; url: string; tag: string };

type Item = {
  event: TPushEvent | 'test';
  id: string;
  amount?: number;
  currency_code?: string;
  url?: string;
  days?: number;
  /** What an emergency change changed (`Routing Cards`). */
  what?: string;
};

const money = (language: string, amount?: number, currency?: string) =>
  amount === undefined
    ? ''
    : new Intl.NumberFormat(language === 'en-US' ? 'en-US' : 'nl-NL', {
        style: 'currency',
        currency: currency ?? 'EUR',
      }).format(amount / 100);

const TEXT = {
  nl: {
    'chargeback.created': (i: Item) => ({
      title: 'Nieuwe chargeback',
      body: `Chargeback van ${money('nl', i.amount, i.currency_code)} (${i.id})`,
    }),
    'settlement.paid': (i: Item) => ({
      title: 'Settlement uitbetaald',
      body: `${money('nl', i.amount, i.currency_code)} is uitbetaald (${i.id})`,
    }),
    'webhook.failing': (i: Item) => ({
      title: 'Webhook faalt',
      body: `${i.url ?? i.id} beantwoordt webhooks al een uur niet met 2xx`,
    }),
    'dispute.reminder': (i: Item) => ({
      title: `Chargeback: nog ${i.days ?? ''} dagen`,
      body: `Beantwoord chargeback ${i.id} van ${money('nl', i.amount, i.currency_code)} voor de deadline`,
    }),
    'change_request.emergency': (i: Item) => ({
      title: 'Noodwijziging',
      body: `${i.what ?? i.id} is direct gewijzigd: keur haar binnen 24 uur achteraf goed`,
    }),
    test: () => ({ title: 'Kassa', body: 'Pushmeldingen werken in deze browser.' }),
  },
  'en-US': {
    'chargeback.created': (i: Item) => ({
      title: 'New chargeback',
      body: `Chargeback of ${money('en-US', i.amount, i.currency_code)} (${i.id})`,
    }),
    'settlement.paid': (i: Item) => ({
      title: 'Settlement paid',
      body: `${money('en-US', i.amount, i.currency_code)} has been paid out (${i.id})`,
    }),
    'webhook.failing': (i: Item) => ({
      title: 'Webhook failing',
      body: `${i.url ?? i.id} has not answered webhooks with a 2xx for an hour`,
    }),
    'dispute.reminder': (i: Item) => ({
      title: `Chargeback: ${i.days ?? ''} days left`,
      body: `Answer chargeback ${i.id} of ${money('en-US', i.amount, i.currency_code)} before its due date`,
    }),
    'change_request.emergency': (i: Item) => ({
      title: 'Emergency change',
      body: `${i.what ?? i.id} was changed at once: approve it after the fact within 24 hours`,
    }),
    test: () => ({ title: 'Kassa', body: 'Push notifications work in this browser.' }),
  },
} as const;

/** Where a click on the notification leads. */
const LINKS: Record<Item['event'], (i: Item) => string> = {
  'chargeback.created': (i) => `/chargebacks?open=${encodeURIComponent(i.id)}`,
  'dispute.reminder': (i) => `/chargebacks?open=${encodeURIComponent(i.id)}`,
  'settlement.paid': () => '/report/settlement',
  'webhook.failing': (i) => `/webhooks?open=${encodeURIComponent(i.id)}`,
  'change_request.emergency': (i) => `/changes?open=${encodeURIComponent(i.id)}`,
  test: () => '/profile',
};

/** The message in the user's language (Dutch unless the user chose English). */
export const pushMessage = (language: string, item: Item): PushMessage => ({
  ...TEXT[language === 'en-US' ? 'en-US' : 'nl'][item.event](item),
  url: LINKS[item.event](item),
  tag: `${item.event}:${item.id}`,
});
