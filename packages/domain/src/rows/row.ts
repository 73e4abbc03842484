import { z } from 'zod';
import { ZAnsweredAmount } from '../money.ts';

/**
 * Building blocks of the response rows (one zod schema per entity row, `Z…Row`). The server
 * hands rows to the serializer, which encodes them; clients receive the encoded JSON, typed as
 * `z.input` of the schema (`WireOf`): timestamps are ISO 8601 strings there, Dates on the server.
 */

/** A `timestamptz`: a Date (or an ISO string) on the server, an ISO 8601 string in JSON. */
export const ZTimestamp = z
  .codec(
    z.string(),
    z.custom<Date | string>((value) => value instanceof Date || typeof value === 'string'),
    {
      decode: (text) => text,
      encode: (value) => (value instanceof Date ? value.toISOString() : value),
    },
  )
  .meta({ type: 'string', format: 'date-time' });

/** The JSON a client receives for a row schema: what the web and integrations type against. */
export type WireOf<S extends z.ZodType> = z.input<S>;

/**
 * A relation: the related row's id, or with `_populate` the related row itself (its own
 * relations stay ids: populate is one level deep); when `_fields` names some of its fields, the
 * related row's id and those fields only.
 */
export const populated = <S extends z.ZodObject>(row: S) =>
  z.union([
    z.string(),
    row,
    row.partial().required({ id: true } as never) as unknown as z.ZodType<Picked<z.output<S>>, Picked<z.input<S>>>,
  ]);

/** A related row as `_fields` picks it: its id and some of its fields. */
type Picked<Row> = Partial<Row> & { id: string };

/** Amounts are integers in minor units (cents), answered whatever is stored (money.ts). */
export const ZMinorUnits = ZAnsweredAmount;

/**
 * A JSON column: typed for clients, not checked again on the way out (its writer checked it),
 * so that one odd stored document never turns a whole list into an error.
 */
export const json = <T>(description: string) => z.custom<T>(() => true).meta({ description });
