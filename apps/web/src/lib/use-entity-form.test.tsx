import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FormInstance } from 'antd';
import i18next, { type TFunction } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FormActions } from '@/components/form-drawer.tsx';
import { ApiError } from './api-client.ts';
import { submitEntityForm, type EntityFormOptions } from './use-entity-form.ts';

const i18nDir = join(import.meta.dirname, '../../public/assets/i18n');
const languages = { nl: 'nl', en: 'en-US' } as const;
const i18n = i18next.createInstance();
const ts = {} as Record<keyof typeof languages, TFunction>;
beforeAll(async () => {
  // The real translation files, as the browser loads them.
  await i18n.init({
    lng: 'nl',
    ns: ['main'],
    defaultNS: 'main',
    interpolation: { escapeValue: false },
    resources: Object.fromEntries(
      Object.values(languages).map((dir) => [
        dir,
        { main: JSON.parse(readFileSync(join(i18nDir, dir, 'main.json'), 'utf8')) as object },
      ]),
    ),
  });
  for (const [language, dir] of Object.entries(languages)) ts[language as keyof typeof languages] = i18n.getFixedT(dir);
});

/** The antd form calls the submit uses, over a plain store, recording the errors each field shows. */
const formOf = (values: Record<string, unknown>) => {
  const errors = new Map<string, string[]>();
  const form = {
    getFieldsValue: () => values,
    validateFields: () => Promise.resolve(values),
    getFieldsError: () => [...errors.keys()].map((name) => ({ name: name.split('.'), errors: errors.get(name) })),
    setFields: (entries: { name: string | (string | number)[]; errors: string[] }[]) => {
      for (const { name, errors: shown } of entries) errors.set([name].flat().join('.'), shown);
    },
  } as unknown as FormInstance;
  return { form, errors };
};

const ZExample = z.object({ name: z.string().min(1).max(200), url: z.url() });
type Example = z.infer<typeof ZExample>;
const refusal = new ApiError(400, {
  code: 'validation_error',
  message: 'Two fields',
  details: [
    { path: 'body.name', code: 'tooLong', params: { max: 200 }, message: 'Too big' },
    { path: 'body.url', code: 'invalidUrl', params: {}, message: 'Invalid URL' },
  ],
});

/** One submit, recording what the drawer would show and every value `saving` took. */
const submitOnce = async (t: TFunction, options: Partial<EntityFormOptions<Example, Example, unknown>>) => {
  const { form, errors } = formOf({ name: 'Shop', url: 'https://shop.example' });
  const shown = { message: null as string | null, saving: [] as boolean[] };
  await submitEntityForm(
    form,
    t,
    { schema: ZExample, save: () => Promise.resolve(), ...options },
    { setMessage: (message) => (shown.message = message), setSaving: (saving) => shown.saving.push(saving) },
  );
  return { errors, ...shown };
};

describe('an entity form', () => {
  it.each([
    ['nl', 'Maximaal 200 tekens', 'Vul een geldige URL in (http of https)'],
    ['en', 'At most 200 characters', 'Enter a valid URL (http or https)'],
  ] as const)('shows both details of a refused save on their own fields, in %s', async (language, name, url) => {
    const result = await submitOnce(ts[language], { save: () => Promise.reject(refusal) });
    expect(result.errors.get('name')).toEqual([name]);
    expect(result.errors.get('url')).toEqual([url]);
    // Both details found their field: no message above the form repeats them.
    expect(result.message).toBeNull();
    expect(result.saving).toEqual([true, false]);
  });

  it('checks the body with the domain schema first and sends nothing the schema refuses', async () => {
    let sent = 0;
    const { form, errors } = formOf({ name: '', url: 'no url' });
    await submitEntityForm(
      form,
      ts.en,
      {
        schema: ZExample,
        save: () => {
          sent += 1;
          return Promise.resolve();
        },
      },
      { setMessage: () => undefined, setSaving: () => undefined },
    );
    expect(sent).toBe(0);
    expect(errors.get('name')).toEqual(['This field is required']);
    expect(errors.get('url')).toEqual(['Enter a valid URL (http or https)']);
  });

  it('is saving from the moment the body is sent until the answer', async () => {
    let release = () => undefined as void;
    const seen: boolean[] = [];
    const pending = submitOnce(ts.en, {
      save: () => {
        seen.push(true);
        return new Promise<void>((resolve) => (release = resolve));
      },
    });
    await Promise.resolve();
    expect(seen).toEqual([true]);
    release();
    const result = await pending;
    expect(result.saving).toEqual([true, false]);
    expect(result.message).toBeNull();
  });

  it('names the part of a refusal that names no field of the form above it', async () => {
    const unplaced = new ApiError(409, { code: 'conflict', message: 'Taken', details: [] });
    const result = await submitOnce(ts.nl, { save: () => Promise.reject(unplaced) });
    expect(result.message).toBe(ts.nl('errors.conflict'));
    expect(result.errors.has('name')).toBe(false);
  });
});

describe("a form drawer's submit", () => {
  const render = (saving: boolean, language: keyof typeof languages) => {
    void i18n.changeLanguage(languages[language]);
    return renderToStaticMarkup(
      <I18nextProvider i18n={i18n}>
        <FormActions entity={{ saving, message: null, submit: () => Promise.resolve() }} onClose={() => undefined} />
      </I18nextProvider>,
    );
  };
  const submitButton = (html: string) => /<button[^>]*class="[^"]*ant-btn-primary[^"]*"[^>]*>/.exec(html)?.[0] ?? '';

  it('is disabled while the save runs and enabled otherwise', () => {
    expect(submitButton(render(true, 'en'))).toContain('disabled');
    expect(submitButton(render(false, 'en'))).not.toContain('disabled');
  });

  it('says Save and Cancel in the language of the user', () => {
    expect(render(false, 'nl')).toContain('Opslaan');
    expect(render(false, 'nl')).toContain('Annuleren');
    expect(render(false, 'en')).toContain('Save');
    expect(render(false, 'en')).toContain('Cancel');
  });
});
