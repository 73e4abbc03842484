/** Mails of the sign-in flows in Dutch and English, chosen by the user's language. */

export type MailLanguage = 'nl' | 'en';
export type RenderedMail = { subject: string; html: string; text: string };

export const mailLanguage = (language: string | null | undefined): MailLanguage =>
  language?.startsWith('en') ? 'en' : 'nl';

export const escapeHtml = (value: string): string =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** A paragraph of a plain mail: text, a link, or a code set large. */
export type Paragraph = string | { link: string; label: string } | { code: string };

/** A plain mail in both forms (HTML escaped, text), as every mail Kassa sends itself. */
export const render = (subject: string, paragraphs: Paragraph[]): RenderedMail => {
  const html = paragraphs
    .map((p) =>
      typeof p === 'string'
        ? `<p>${escapeHtml(p)}</p>`
        : 'link' in p
          ? `<p><a href="${escapeHtml(p.link)}">${escapeHtml(p.label)}</a></p>`
          : `<p style="font-size:24px;letter-spacing:4px"><strong>${escapeHtml(p.code)}</strong></p>`,
    )
    .join('\n');
  const text = paragraphs
    .map((p) => (typeof p === 'string' ? p : 'link' in p ? `${p.label}: ${p.link}` : p.code))
    .join('\n\n');
  return { subject, html: `<div style="font-family:sans-serif">${html}</div>`, text };
};

export const greeting = (lang: MailLanguage, name: string) => (lang === 'nl' ? `Beste ${name},` : `Dear ${name},`);
const ignore = (lang: MailLanguage) =>
  lang === 'nl'
    ? 'Heb je hier niet om gevraagd? Dan kun je deze e-mail negeren.'
    : 'Did you not ask for this? Then you can ignore this e-mail.';

export const passwordResetMail = (lang: MailLanguage, input: { name: string; link: string }): RenderedMail =>
  lang === 'nl'
    ? render('Wachtwoord opnieuw instellen', [
        greeting(lang, input.name),
        'Via de link hieronder kies je een nieuw wachtwoord. De link is 1 uur geldig en werkt één keer.',
        { link: input.link, label: 'Nieuw wachtwoord kiezen' },
        ignore(lang),
      ])
    : render('Reset your password', [
        greeting(lang, input.name),
        'Choose a new password with the link below. The link is valid for 1 hour and works once.',
        { link: input.link, label: 'Choose a new password' },
        ignore(lang),
      ]);

export const mfaCodeMail = (lang: MailLanguage, input: { name: string; code: string }): RenderedMail =>
  lang === 'nl'
    ? render('Je inlogcode', [
        greeting(lang, input.name),
        'Gebruik deze code om in te loggen. De code is 30 minuten geldig.',
        { code: input.code },
        ignore(lang),
      ])
    : render('Your sign-in code', [
        greeting(lang, input.name),
        'Use this code to sign in. The code is valid for 30 minutes.',
        { code: input.code },
        ignore(lang),
      ]);

/** Sent when wrong sign-in codes locked the account: whoever typed them knows the password. */
export const codesFailingMail = (
  lang: MailLanguage,
  input: { name: string; failures: number; minutes: number },
): RenderedMail =>
  lang === 'nl'
    ? render('Onjuiste inlogcodes voor je account', [
        greeting(lang, input.name),
        `Bij het inloggen op je Kassa-account is ${input.failures} keer achter elkaar een onjuiste code ingevoerd. Daarom is je account ${input.minutes} minuten geblokkeerd.`,
        'Was jij dit niet? Dan kent iemand anders je wachtwoord: kies zo snel mogelijk een nieuw wachtwoord en meld het bij je beheerder.',
      ])
    : render('Wrong sign-in codes for your account', [
        greeting(lang, input.name),
        `A wrong code was entered ${input.failures} times in a row while signing in to your Kassa account. Your account is therefore locked for ${input.minutes} minutes.`,
        'Was this not you? Then someone else knows your password: choose a new password as soon as possible and tell your administrator.',
      ]);

export const emailChangeMail = (lang: MailLanguage, input: { name: string; link: string }): RenderedMail =>
  lang === 'nl'
    ? render('Bevestig je nieuwe e-mailadres', [
        greeting(lang, input.name),
        'Bevestig via de link hieronder dat dit je nieuwe e-mailadres voor Kassa is. De link is 24 uur geldig.',
        { link: input.link, label: 'E-mailadres bevestigen' },
        ignore(lang),
      ])
    : render('Confirm your new e-mail address', [
        greeting(lang, input.name),
        'Confirm with the link below that this is your new e-mail address for Kassa. The link is valid for 24 hours.',
        { link: input.link, label: 'Confirm e-mail address' },
        ignore(lang),
      ]);

/** To the old address when an administrator changes a user's e-mail address: it changes only once the new one is confirmed. */
export const emailChangeNoticeMail = (lang: MailLanguage, input: { name: string; newEmail: string }): RenderedMail =>
  lang === 'nl'
    ? render('Je e-mailadres voor Kassa wordt gewijzigd', [
        greeting(lang, input.name),
        `Een beheerder heeft je e-mailadres voor Kassa gewijzigd in ${input.newEmail}. Het wordt pas gebruikt als het via de link in de e-mail aan dat adres is bevestigd; tot dan blijft dit adres gelden.`,
        'Verwachtte je dit niet? Neem dan direct contact op met de beheerder van je organisatie.',
      ])
    : render('Your e-mail address for Kassa is being changed', [
        greeting(lang, input.name),
        `An administrator changed your e-mail address for Kassa to ${input.newEmail}. It is used only once it is confirmed with the link in the mail sent to that address; until then this address stays in use.`,
        'Did you not expect this? Then contact the administrator of your organisation at once.',
      ]);

/** The built-in welcome mail, used when no welcome-mail template is marked default. */
export const welcomeMail = (lang: MailLanguage, input: { name: string; link: string }): RenderedMail =>
  lang === 'nl'
    ? render(welcomeSubject(lang), [
        greeting(lang, input.name),
        'Er is een account voor je aangemaakt in Kassa. Kies via de link hieronder je wachtwoord. De link verloopt over 24 uur.',
        { link: input.link, label: 'Wachtwoord instellen' },
      ])
    : render(welcomeSubject(lang), [
        greeting(lang, input.name),
        'An account has been created for you in Kassa. Choose your password with the link below. The link expires in 24 hours.',
        { link: input.link, label: 'Set password' },
      ]);

export const welcomeSubject = (lang: MailLanguage): string => (lang === 'nl' ? 'Welkom bij Kassa' : 'Welcome to Kassa');
