import type { TFunction } from 'i18next';
import type { z } from 'zod';
import type { ApiError } from '@/lib/api-client.ts';
import { fieldPathOf, issueDetails, showDetails, translateDetail, type CodedDetail } from '@/lib/form-errors.ts';
import { treeKeyOfPath } from './tree-ops.ts';

/** A domain schema issue in the user's language, by its code (the API's vocabulary). */
export const translateSchemaIssue = (t: TFunction, issue: z.core.$ZodIssue): string =>
  translateDetail(t, issueDetails([issue])[0] ?? {});

/** A refused save in the user's language: the refusal and every detail it names, not only the first. */
export const translateRefusal = (t: TFunction, error: { code: string; details: readonly CodedDetail[] }): string =>
  showDetails(null, t, error.details, error.code, []) ?? translateDetail(t, { code: error.code });

const add = (map: Map<string, string[]>, key: string, text: string) => map.set(key, [...(map.get(key) ?? []), text]);

/**
 * A refused routing save with every detail in its place: on the tree node its path names
 * (`body.details.then.else`), on one of the form's `fields`, or — what names neither — in `message`.
 */
export const placeRoutingRefusal = (t: TFunction, error: ApiError, fields: readonly string[]) => {
  const nodes = new Map<string, string[]>();
  const onFields = new Map<string, string[]>();
  const rest: CodedDetail[] = [];
  for (const detail of error.details) {
    const node = treeKeyOfPath(detail.path);
    const field = fieldPathOf(detail.path)[0] ?? '';
    if (node !== null) add(nodes, node, translateDetail(t, detail));
    else if (fields.includes(field)) add(onFields, field, translateDetail(t, detail));
    else rest.push(detail);
  }
  const placed = nodes.size + onFields.size > 0;
  return {
    nodes,
    fields: onFields,
    message: placed && rest.length === 0 ? null : translateRefusal(t, { code: error.code, details: rest }),
  };
};
