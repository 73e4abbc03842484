import { z } from 'zod';

// The constants live apart from zod so the browser can use them without loading zod.
export { DEFAULT_PAGE_SIZE, DEFAULT_SORT, MAX_PAGE_SIZE } from '../list-defaults.ts';

const ZQueryValue = z.union([z.string(), z.array(z.string())]);
const reserved = (description: string) => ZQueryValue.optional().describe(description);

/**
 * A list request's raw query: the reserved keys, declared so that OpenAPI lists them as
 * parameters, plus filters in the spec's own names (`status`, `status[]`, `created_at>`), which
 * the query layer checks against the entity's declared fields.
 */
export const ZListQuery = z
  .object({
    _limit: reserved('Page size, default 25; `null` means no page limit up to the server cap'),
    _skip: reserved('Rows to skip, default 0'),
    _sort: reserved('Field to sort by, `-` prefix for descending; default `-created_at`'),
    _search: reserved('Free-text search'),
    _search_by: reserved('Restricts `_search` to one field'),
    _populate: reserved('Space-separated relations to embed instead of their ids'),
    _fields: reserved(
      'Lists and details: own fields to answer with (`amount,status`: each row then has its id, those fields and its populated relations; none named: every field) and fields of populated relations (`customer.email_address,processor.name`; a relation not named stays whole). Exports: the columns',
    ),
    _format: reserved('Export only: `readable` for a person (translated headers, local times)'),
    _lang: reserved('Readable export only: nl or en-US'),
    _tz: reserved('Readable export only: IANA time zone, default Europe/Amsterdam'),
  })
  .catchall(ZQueryValue);
export type TListQuery = z.infer<typeof ZListQuery>;

export const ZCount = z.object({ count: z.number().int() });
