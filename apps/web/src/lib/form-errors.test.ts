import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FormInstance } from 'antd';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { rankRole, roleLabel } from '@/features/users/roles.ts';
import { ApiError } from './api-client.ts';
import { fieldPathOf, showServerError, translateServerMessage } from './form-errors.ts';
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
      details: [{ path: 'body.name', message: 'Too big: expected string to have <=200 characters' }],
    });
    expect(showServerError(form, t, error)).toBeNull();
    expect(shown).toEqual([{ name: ['name'], errors: ['Maximaal 200 tekens'] }]);
  });

  it('shows what names no field of the form as a message, never nothing', () => {
    const { form, shown } = formWith(['name']);
    const error = new ApiError(400, {
      code: 'validation_error',
      message: 'x',
      details: [{ path: 'body.organisation', message: 'Invalid input' }],
    });
    expect(showServerError(form, t, error)).toBe('Controleer de ingevulde gegevens — organisation: Invalid input');
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
      details: [{ path: 'body.credentials.1.value', message: 'Too small: expected string to have >=1 characters' }],
    });
    expect(showServerError(form, t, error)).toBeNull();
    expect(shown).toEqual([{ name: ['credentials', 1, 'value'], errors: [t('form_validation.required')] }]);
  });

  it('words a specific refusal by its code on the field, and translates message keys', () => {
    const { form, shown } = formWith(['email']);
    showServerError(
      form,
      t,
      new ApiError(400, {
        code: 'email_taken',
        message: 'taken',
        details: [{ path: 'body.email', message: 'emailTaken' }],
      }),
    );
    expect(shown[0].errors).toEqual([t('errors.email_taken')]);
    expect(translateServerMessage(t, 'welcomeMails.linkMissing')).toContain('{{link}}');
    expect(translateServerMessage(t, 'Something only the server says')).toBe('Something only the server says');
    expect(fieldPathOf('body.address.city')).toEqual(['address', 'city']);
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
