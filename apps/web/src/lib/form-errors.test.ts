import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FormInstance } from 'antd';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { rankRole, roleLabel } from '@/features/users/roles.ts';
import { ApiError } from './api-client.ts';
import { DETAIL_CODES, ERROR_CODES, ZPlanCreate } from '@kassa/domain';
import { fieldPathOf, issueDetails, showServerError, translateDetail } from './form-errors.ts';
import { parseJsonc } from './jsonc.ts';

const i18nDir = join(import.meta.dirname, '../../public/assets/i18n');
let t: TFunction;
beforeAll(async () => {
  // The real Dutch translation files, as the browser loads them.
  const instance = i18next.createInstance();
  await instance.init({
    lng: 'nl',
    ns: ['main', 'fields'],
    defaultNS: 'main',
    interpolation: { escapeValue: false },
    resources: {
      nl: {
        main: JSON.parse(readFileSync(join(i18nDir, 'nl/main.json'), 'utf8')),
        fields: parseJsonc(readFileSync(join(i18nDir, 'nl/fields.jsonc'), 'utf8')) as object,
      },
    },
  });
  t = instance.t;
});

/** The two calls of an antd form the mechanism uses, recording what the form would show. */
const formWith = (fields: string[]) => {
  const shown: { name: (string | number)[]; errors: string[] }[] = [];
  const form = {
    getFieldsValue: () => Object.fromEntries(fields.map((field) => [field, undefined])),
    setFields: (entries: { name: (string | number)[]; errors: string[] }[]) => shown.push(...entries),
  } as unknown as FormInstance;
  return { form, shown };
};

describe('a refused save on a form', () => {
  it("puts the server's message on the field its path names, in Dutch", () => {
    const { form, shown } = formWith(['name', 'language']);
    const error = new ApiError(400, {
      code: 'validation_error',
      message: 'body.name: Too big',
      details: [{ path: 'body.name', code: 'tooLong', params: { max: 200 }, message: 'Too big' }],
    });
    expect(showServerError(form, t, error)).toBeNull();
    expect(shown).toEqual([{ name: ['name'], errors: ['Maximaal 200 tekens'] }]);
  });

  it('shows what names no field of the form as a message, never nothing', () => {
    const { form, shown } = formWith(['name']);
    const error = new ApiError(400, {
      code: 'validation_error',
      message: 'x',
      details: [{ path: 'body.organisation', code: 'required', params: {}, message: 'Invalid input' }],
    });
    expect(showServerError(form, t, error)).toBe(
      'Controleer de ingevulde gegevens — organisation: Dit veld is verplicht',
    );
    expect(shown).toEqual([]);
    expect(showServerError(form, t, new ApiError(403, { code: 'forbidden', message: 'no' }))).toBe(
      t('errors.forbidden'),
    );
    expect(showServerError(form, t, new Error('boom'))).toBe(t('errors.unknown'));
  });

  it("puts a list row's error on that row's field, its index a number as antd's Form.List names it", () => {
    const { form, shown } = formWith(['credentials']);
    const error = new ApiError(400, {
      code: 'validation_error',
      message: 'x',
      details: [{ path: 'body.credentials.1.value', code: 'required', params: {}, message: 'Too small' }],
    });
    expect(showServerError(form, t, error)).toBeNull();
    expect(shown).toEqual([{ name: ['credentials', 1, 'value'], errors: [t('form_validation.required')] }]);
  });

  it('words a specific refusal by its code on the field; the English message is never read', () => {
    const { form, shown } = formWith(['email']);
    showServerError(
      form,
      t,
      new ApiError(400, {
        code: 'email_taken',
        message: 'taken',
        details: [{ path: 'body.email', code: 'email_taken', params: {}, message: 'This field is required' }],
      }),
    );
    expect(shown[0].errors).toEqual(['Dit e-mailadres is al in gebruik']);
    expect(translateDetail(t, { code: 'linkMissing', params: { link: '{{link}}' } })).toContain('{{link}}');
    // A code this web does not know yet reads as "not valid", never as the server's English.
    expect(translateDetail(t, { code: 'somethingNew', params: {} })).toBe('Deze waarde is niet geldig');
    expect(fieldPathOf('body.address.city')).toEqual(['address', 'city']);
  });

  it("codes a domain schema's issues in the browser as the server does, and words them alike", () => {
    const wordsOf = (body: object) =>
      Object.fromEntries(
        issueDetails(ZPlanCreate.safeParse(body).error?.issues ?? []).map((d) => [d.path, translateDetail(t, d)]),
      );
    const plan = { name: 'Gold', payment_profile: 'pp', amount: 100, interval: 'month' };
    expect(wordsOf({ ...plan, name: '', amount: 1.5 })).toEqual({
      name: 'Dit veld is verplicht',
      amount: 'Vul een geheel getal in',
    });
    expect(wordsOf({ ...plan, statuses_subscription_update: ['ACTIVE'] })).toEqual({
      webhook_subscription_update: "Kies ten minste één van 'Webhook' of 'E-mail'.",
      email_subscription_update: "Kies ten minste één van 'Webhook' of 'E-mail'.",
    });
  });
});

describe('the vocabulary of refusals', () => {
  it('has words for every code in Dutch and English', () => {
    for (const language of ['nl', 'en-US']) {
      const errors = JSON.parse(readFileSync(join(i18nDir, language, 'main.json'), 'utf8')).errors as Record<
        string,
        string
      >;
      const missing = [...DETAIL_CODES, ...ERROR_CODES].filter((code) => !errors[code]);
      expect(missing, language).toEqual([]);
    }
  });
});

describe('the roles picker', () => {
  it('names roles in words and ranks the exact code first', () => {
    expect(roleLabel(t, 'TRANSACTION_LIST')).toBe('Transacties: bekijken');
    expect(roleLabel(t, 'PSP_USER_ALL')).toBe('Provider – Gebruikers: alle rechten');
    expect(roleLabel(t, 'SOMETHING_NEW')).toBe('SOMETHING_NEW');
    const options = ['SCHEDULED_TRANSACTION_LIST', 'TRANSACTION_LIST'].map((value) => ({
      value,
      label: roleLabel(t, value),
    }));
    const sorted = [...options].sort((a, b) => rankRole('TRANSACTION_LIST', a) - rankRole('TRANSACTION_LIST', b));
    expect(sorted[0].value).toBe('TRANSACTION_LIST');
  });
});
