import { serializerCompiler } from 'fastify-type-provider-zod';

const trusted = new WeakSet<object>();

/**
 * Marks a list's or detail's response schema as one the query layer meets by construction: its select
 * list is the row schema's keys (`defineEntity`, checked at start-up), populated rows likewise.
 * In production such a list is sent as `JSON.stringify` makes it (Dates become the same ISO
 * strings the codec gives), so a page costs no more than before it was typed; tests and
 * development still check every answer against the schema, so a drift fails there.
 */
export const trustedRows = <S extends object>(schema: S): S => {
  trusted.add(schema);
  return schema;
};

/** fastify-type-provider-zod's serializer, except for trusted lists and details when answers are not checked. */
export const rowSerializerCompiler =
  (checkAnswers: boolean): typeof serializerCompiler =>
  (route) =>
    !checkAnswers && trusted.has(route.schema) ? (data) => JSON.stringify(data) : serializerCompiler(route);
