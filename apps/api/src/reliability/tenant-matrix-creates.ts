import { planBody } from '../modules/recurring/recurring.fixtures.ts';

/**
 * Bodies of the create routes in the tenant matrix: each creates an object *for a target
 * organisation*, naming it (`organisation`, `parent`) or through objects of it (payment profile,
 * customer, plan). Inside the caller's subtree the create succeeds; for another tenant it is
 * refused, or the object lands in the caller's own organisation. A create route without a body here
 * is still called for every target with `{ organisation }` only, and must neither answer 5xx nor
 * create anything in another tenant's organisation.
 */
export type CreateTarget = {
  org: { id: string; type: string };
  /** One object of the target organisation in `table`, when it has one. */
  objectOf: (table: string) => string | undefined;
  /** A number unique in this run (names, e-mail addresses, serial numbers). */
  unique: number;
};

/** A valid Dutch IBAN for a number (ISO 13616 check digits), so bank accounts never repeat. */
export const ibanFor = (n: number) => {
  const bban = `ABNA${String(n).padStart(10, '0')}`;
  const digits = `${bban}NL00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  const remainder = [...digits].reduce((r, d) => (r * 10 + Number(d)) % 97, 0);
  return `NL${String(98 - remainder).padStart(2, '0')}${bban}`;
};

type Body = Record<string, unknown> | undefined;
const needs = (...values: (string | undefined)[]) => values.every((v) => v !== undefined);

export const CREATE_BODIES: Partial<Record<string, (t: CreateTarget) => Body>> = {
  '/v1/apikey': ({ org, unique }) => ({ name: `Matrix ${unique}`, roles: ['USER_ALL'], organisation: org.id }),
  '/v1/bankaccount': ({ org, unique }) => ({ holder_name: 'Matrix', iban: ibanFor(unique), organisation: org.id }),
  '/v1/checkoutdesign': ({ org, unique }) => ({ name: `Matrix ${unique}`, organisation: org.id }),
  '/v1/tag': ({ org, unique }) => ({ text: `matrix ${unique}`, colour: '#336699', organisation: org.id }),
  '/v1/validationruleset': ({ org, unique }) => ({
    name: `Matrix ${unique}`,
    action: 'block',
    rules: [{ name: 'amount', operator: '>', value: '1' }],
    organisation: org.id,
  }),
  '/v1/user': ({ org, unique }) => ({
    email: `matrix${unique}@example.test`,
    name: `Matrix ${unique}`,
    organisation: org.id,
    roles: [],
  }),
  '/v1/psp/user': ({ org, unique }) => ({
    email: `matrix${unique}@example.test`,
    name: `Matrix ${unique}`,
    organisation: org.id,
    roles: [],
  }),
  '/v1/middleware': ({ org, unique }) => ({ name: `Matrix ${unique}`, provider: 'matrix', organisation: org.id }),
  '/v1/organisation': ({ org, unique }) => ({ name: `Matrix ${unique}`, country_code: 'NL', parent: org.id }),
  '/v1/one-off': ({ org, unique }) => ({
    organisation: org.id,
    description: `Matrix ${unique}`,
    amount: 100,
    effective_date: '2026-12-01',
  }),
  '/v1/report': ({ org, unique }) => ({ name: `Matrix ${unique}`, organisation: org.id, fields: ['id', 'amount'] }),
  '/v1/report-schedule': ({ org, unique }) => ({
    name: `Matrix ${unique}`,
    organisation: org.id,
    fields: ['id'],
    frequency: 'weekly',
    email: `matrix${unique}@example.test`,
  }),
  '/v1/subscription-discount': ({ org, unique }) => ({
    name: `Matrix ${unique}`,
    type: 'fixed_cents',
    amount: 100,
    organisation: org.id,
  }),
  '/v1/sharerequest': ({ org }) => ({ organisation: org.id, provider: 'Matrix', fields: [{ name: 'api_key' }] }),
  '/v1/psp/sap': ({ org, unique }) => ({
    organisation: org.id,
    company_code: `M${String(unique % 1000).padStart(3, '0')}`,
  }),
  '/v1/payment-link': ({ objectOf }) => {
    const profile = objectOf('payment_profile');
    return needs(profile) ? { payment_profile: profile, amount: 1250, description: 'Matrix' } : undefined;
  },
  '/v1/card-add-link': ({ objectOf }) => {
    const [profile, customer] = [objectOf('payment_profile'), objectOf('customer')];
    return needs(profile, customer) ? { payment_profile: profile, customer } : undefined;
  },
  '/v1/terminal': ({ org, objectOf, unique }) => {
    const profile = objectOf('payment_profile');
    return needs(profile)
      ? {
          name: `Matrix ${unique}`,
          serial_number: `MTX-${unique}`,
          model: 'PAX A77',
          payment_profile: profile,
          organisation: org.id,
        }
      : undefined;
  },
  '/v1/plan': ({ org, objectOf, unique }) => {
    const profile = objectOf('payment_profile');
    return needs(profile) ? planBody(profile as string, { name: `Matrix ${unique}`, organisation: org.id }) : undefined;
  },
  '/v1/subscription': ({ objectOf }) => {
    const [customer, plan] = [objectOf('customer'), objectOf('plan')];
    return needs(customer, plan) ? { customer, plan, start_date: '2026-12-01T00:00:00Z' } : undefined;
  },
};
