import type { TFunction } from 'i18next';
import type { z } from 'zod';
import type { ApiError } from '@/lib/api-client.ts';
import { issueDetails, translateDetail } from '@/lib/form-errors.ts';

/** A domain schema issue in the user's language, by its code (the API's vocabulary). */
export const translateSchemaIssue = (t: TFunction, issue: z.core.$ZodIssue): string =>
  translateDetail(t, issueDetails([issue])[0] ?? {});

/** A refused save's first detail (or the refusal itself) in the user's language. */
export const translateRefusal = (t: TFunction, error: ApiError): string =>
  translateDetail(t, error.details[0] ?? { code: error.code });
