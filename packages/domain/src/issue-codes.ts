import type { z } from 'zod';
import { DETAIL_CODES, ERROR_CODES, type DetailCode, type DetailParams, type ErrorCode } from './errors.ts';

type Issue = z.core.$ZodIssue & { input?: unknown };
type Path = (string | number)[];

/** One refused input as the API answers it and the web translates it: `errors.<code>` with `params`. */
export type CodedIssue = { path: Path; code: DetailCode | ErrorCode; params: DetailParams; message: string };

const KNOWN = new Set<string>([...DETAIL_CODES, ...ERROR_CODES]);

/**
 * The options of a custom issue (refine, superRefine, `ctx.addIssue`) that carry a stable code:
 * `.refine(ok, coded('endBeforeStart', 'The end is before the start'))`.
 */
export const coded = (code: DetailCode, message: string, params: DetailParams = {}) => ({
  message,
  params: { code, ...params },
});

const missing = (input: unknown) => input === undefined || input === null;

/** Only the plain values of an issue's own parameters (never its input). */
const plain = (params: Record<string, unknown>): DetailParams =>
  Object.fromEntries(
    Object.entries(params).filter(
      (entry): entry is [string, string | number | boolean] =>
        ['string', 'number', 'boolean'].includes(typeof entry[1]) && entry[0] !== 'code',
    ),
  );

/** The code and parameters of one zod issue, by its kind (never by its message). */
const codeOf = (issue: Issue): { code: DetailCode | ErrorCode; params: DetailParams } => {
  switch (issue.code) {
    case 'custom': {
      const params = (issue.params ?? {}) as Record<string, unknown>;
      const code = String(params.code ?? '');
      return KNOWN.has(code)
        ? { code: code as DetailCode, params: plain(params) }
        : { code: 'invalidValue', params: plain(params) };
    }
    case 'invalid_type':
      if (issue.expected === 'int') return { code: 'wholeNumber', params: {} };
      if (missing(issue.input)) return { code: 'required', params: {} };
      if (issue.expected === 'number' || issue.expected === 'bigint') return { code: 'invalidNumber', params: {} };
      return { code: 'invalidValue', params: { expected: String(issue.expected) } };
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'number' || issue.origin === 'bigint')
        return issue.inclusive === false
          ? { code: 'mustExceed', params: { min } }
          : { code: 'tooSmall', params: { min } };
      if (issue.origin === 'date') return { code: 'invalidDate', params: {} };
      if (min <= 1 || issue.input === '') return { code: 'required', params: {} };
      return issue.origin === 'array' || issue.origin === 'set'
        ? { code: 'tooFew', params: { min } }
        : { code: 'tooShort', params: { min } };
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'number' || issue.origin === 'bigint') return { code: 'tooBig', params: { max } };
      if (issue.origin === 'date') return { code: 'invalidDate', params: {} };
      return issue.origin === 'array' || issue.origin === 'set'
        ? { code: 'tooMany', params: { max } }
        : { code: 'tooLong', params: { max } };
    }
    case 'invalid_format':
      if (issue.input === '') return { code: 'required', params: {} };
      if (issue.format === 'email') return { code: 'invalidEmail', params: {} };
      if (issue.format === 'url') return { code: 'invalidUrl', params: {} };
      if (/date|time|duration/.test(issue.format)) return { code: 'invalidDate', params: {} };
      return { code: 'invalidFormat', params: {} };
    case 'not_multiple_of':
      return Number(issue.divisor) === 1
        ? { code: 'wholeNumber', params: {} }
        : { code: 'invalidNumber', params: { multipleOf: Number(issue.divisor) } };
    case 'invalid_value':
      return missing(issue.input) ? { code: 'required', params: {} } : { code: 'invalidOption', params: {} };
    case 'unrecognized_keys':
      return { code: 'unknownField', params: {} };
    case 'invalid_union':
      return missing(issue.input) ? { code: 'required', params: {} } : { code: 'invalidValue', params: {} };
    default:
      return { code: 'invalidValue', params: {} };
  }
};

/** The branch of a union the input meant: the one with the fewest and deepest complaints. */
const bestBranch = (branches: Issue[][]): Issue[] | undefined => {
  const score = (issues: Issue[]) => issues.length * 100 - Math.min(...issues.map((i) => i.path.length), 99);
  return branches.filter((b) => b.length > 0).sort((a, b) => score(a) - score(b))[0];
};

/**
 * Every issue of a failed parse as a coded issue: a union's complaint becomes the complaints of
 * the branch the input meant (a missing field inside a union is `required` on that field, not
 * "Invalid input" on the union), an unknown key names its own path.
 */
export const codedIssues = (issues: readonly Issue[], prefix: Path = []): CodedIssue[] =>
  issues.flatMap((issue): CodedIssue[] => {
    const path = [...prefix, ...(issue.path as Path)];
    if (issue.code === 'invalid_union' && !missing(issue.input)) {
      const branch = bestBranch(issue.errors as Issue[][]);
      if (branch) return codedIssues(branch, path);
    }
    if (issue.code === 'unrecognized_keys')
      return issue.keys.map((key) => ({
        path: [...path, key],
        code: 'unknownField',
        params: {},
        message: `Unrecognized key: "${key}"`,
      }));
    const found = codeOf(issue);
    // A missing value reads the same for integrators wherever it is (zod says "Invalid input: expected …").
    const message = found.code === 'required' && issue.code !== 'custom' ? 'This field is required' : issue.message;
    return [{ path, ...found, message }];
  });
