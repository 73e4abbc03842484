import { codedIssues, type DetailParams } from '@kassa/domain';
import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { ApiError } from './api-client.ts';

/** A refusal as the API answers it (`details[]`) or a domain schema gives it (coded issues). */
export type CodedDetail = { path: string; code?: string; params?: DetailParams; message?: string };

/**
 * The one place a refusal becomes words: `errors.<code>` with its params (`tooLong` → "At most
 * {{max}} …"), in the user's language. The English `message` is for integrators and never read;
 * a code this web does not know yet reads as the general "not valid".
 */
export const translateCode = (t: TFunction, code: string | undefined, params: DetailParams = {}): string =>
  t(`errors.${code ?? 'invalidValue'}`, { ...params, defaultValue: t('errors.invalidValue') });

export const translateDetail = (t: TFunction, detail: Pick<CodedDetail, 'code' | 'params'>): string =>
  translateCode(t, detail.code, detail.params);

/** A domain schema's issues coded as the API codes them (the same vocabulary, client side). */
export const issueDetails = (issues: readonly z.core.$ZodIssue[]) =>
  codedIssues(issues).map((issue) => ({ ...issue, path: issue.path.join('.') }));

/** `body.name` → ['name'], `body.address.city` → ['address', 'city']; querystring and params alike. */
export const fieldPathOf = (path: string): string[] =>
  path
    .replace(/^(body|querystring|params)\.?/, '')
    .split('.')
    .filter(Boolean);

/** The names of the fields a form has registered (Form.Items with a name). */
const registeredFields = (form: FormInstance): Set<string> => new Set(Object.keys(form.getFieldsValue() as object));

/**
 * Puts each detail whose path names a field of this form on that field (`body.name` → `name`,
 * every detail of a field, not only the first); what names no field comes back as one message
 * for the form to show (`code` is the refusal's own), so a refusal is never silent. `fields`
 * narrows the fields when the form holds fields the server does not know by the same name.
 */
export const showDetails = (
  form: FormInstance | null,
  t: TFunction,
  details: readonly CodedDetail[],
  code: string,
  fields?: readonly string[],
): string | null => {
  const known = fields ? new Set(fields) : form ? registeredFields(form) : new Set<string>();
  const onField = (detail: CodedDetail) => known.has(fieldPathOf(detail.path)[0] ?? '');
  const onFields = details.filter(onField);
  if (form && onFields.length) {
    const byField = new Map<string, string[]>();
    for (const detail of onFields) {
      const name = fieldPathOf(detail.path).join('.');
      byField.set(name, [...(byField.get(name) ?? []), translateDetail(t, detail)]);
    }
    // Two details may say the same of one field (a file's name and text, both missing): said once.
    form.setFields([...byField].map(([name, errors]) => ({ name: namePathOf(name), errors: [...new Set(errors)] })));
  }
  const rest = details.filter((detail) => !onField(detail));
  if (onFields.length > 0 && rest.length === 0) return null;
  const general = translateCode(t, code);
  // A detail that only repeats its error's code (`conflict` on `params.id`) adds nothing to the sentence.
  const named = rest.filter((detail) => detail.code && detail.code !== code);
  if (named.length === 0) return general;
  return `${general} — ${named.map((detail) => `${fieldPathOf(detail.path).join('.') || detail.path}: ${translateDetail(t, detail)}`).join('; ')}`;
};

/** A list's row is a number in antd's name path (`credentials.0.value` → ['credentials', 0, 'value']). */
export const namePathOf = (name: string): (string | number)[] =>
  name.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

/** Shows a refused save on the form (`showDetails` of its `details[]`); anything else is "unknown". */
export const showServerError = (
  form: FormInstance | null,
  t: TFunction,
  error: unknown,
  fields?: readonly string[],
): string | null =>
  error instanceof ApiError ? showDetails(form, t, error.details, error.code, fields) : t('errors.unknown');
