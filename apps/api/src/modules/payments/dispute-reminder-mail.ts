import { greeting, render, type MailLanguage, type RenderedMail } from '../auth/mail-templates.ts';

type Reminder = {
  name: string;
  id: string;
  amount: number;
  currency: string;
  reasonCode: string | null;
  dueAt: Date;
  days: number;
  timeZone: string;
  link: string;
};

const LOCALE: Record<MailLanguage, string> = { nl: 'nl-NL', en: 'en-GB' };

/** The due date in the reader's language and time zone, e.g. "vrijdag 4 december 2026 om 14:00". */
const when = (lang: MailLanguage, at: Date, timeZone: string) => {
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'full', timeStyle: 'short', timeZone };
  try {
    return new Intl.DateTimeFormat(LOCALE[lang], options).format(at);
  } catch {
    return new Intl.DateTimeFormat(LOCALE[lang], { ...options, timeZone: 'Europe/Amsterdam' }).format(at);
  }
};

const money = (lang: MailLanguage, amount: number, currency: string) =>
  new Intl.NumberFormat(LOCALE[lang], { style: 'currency', currency }).format(amount / 100);

/** A reminder that a chargeback must be answered (7 and 2 days before its due date). */
export const disputeReminderMail = (lang: MailLanguage, r: Reminder): RenderedMail =>
  lang === 'nl'
    ? render(`Chargeback ${r.id}: nog ${r.days} dagen om te reageren`, [
        greeting(lang, r.name),
        `De chargeback ${r.id} van ${money(lang, r.amount, r.currency)}${r.reasonCode ? ` (reden ${r.reasonCode})` : ''} is nog niet beantwoord. Reageer uiterlijk ${when(lang, r.dueAt, r.timeZone)} met bewijs, of accepteer de chargeback.`,
        'Wie niet op tijd reageert, verliest de chargeback automatisch.',
        { link: r.link, label: 'Chargeback beantwoorden' },
      ])
    : render(`Chargeback ${r.id}: ${r.days} days left to respond`, [
        greeting(lang, r.name),
        `Chargeback ${r.id} of ${money(lang, r.amount, r.currency)}${r.reasonCode ? ` (reason ${r.reasonCode})` : ''} has not been answered yet. Respond with evidence by ${when(lang, r.dueAt, r.timeZone)}, or accept the chargeback.`,
        'A chargeback not answered in time is lost automatically.',
        { link: r.link, label: 'Answer the chargeback' },
      ]);
