import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCount, ZListQuery, type RoleList, type TListQuery } from '@kassa/domain';
import { authOf } from '../plugins/auth-context.ts';
import type { Db, Queryable } from '../plugins/db/index.ts';
import { fieldDrift, type EntityDef } from './entity.ts';
import { exportCsv } from './export.ts';
import { parseListQuery, parsePickedFields } from './parse.ts';
import { trustedRows } from './row-serializer.ts';
import { countEntity, getEntity, getEntityJson, listEntity, listEntityJson } from './repository.ts';

/**
 * Development and tests: what the database wrote must be what the serializer makes of the rows.
 * Both pass through `JSON.stringify` once more, where a stored document's number JavaScript
 * cannot hold is read the same: -0 as 0, 1e400 as null.
 */
const assertWritten = (entity: EntityDef, built: unknown, written: string) => {
  const normal = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;
  if (!isDeepStrictEqual(normal(built), normal(JSON.parse(written))))
    throw new Error(`${entity.name}: the JSON the database wrote differs from the rows (query/json-rows.sql.ts)`);
};

/**
 * Development and tests: the rows must meet the row schema itself, narrowed to the own fields
 * `_fields` picks (every field of a row that asked for all, each picked one of a narrowed row).
 * Answers them encoded as JSON, past the route's serializer: the route documents the whole row,
 * which a narrowed row does not meet.
 */
const checkedJson = (
  entity: EntityDef,
  query: TListQuery,
  rows: Record<string, unknown>[] | Record<string, unknown>,
): string => {
  const { own } = parsePickedFields(
    entity,
    query._fields,
    parseListQuery(entity, { _populate: query._populate ?? '' }).populate,
  );
  const schema = own ? entity.row.pick(Object.fromEntries(own.map((name) => [name, true])) as never) : entity.row;
  return JSON.stringify(z.encode(Array.isArray(rows) ? z.array(schema) : schema, rows as never));
};

/** Sends JSON already written (by the database, or checked and encoded), past the serializer. */
const sendJson = (reply: FastifyReply, json: string) =>
  reply.type('application/json; charset=utf-8').send(json as never);

/** Reads that see one snapshot of the database, whatever other requests write meanwhile. */
const inOneSnapshot = <T>(db: Db, work: (tx: Queryable) => Promise<T>): Promise<T> =>
  db.transaction(async (tx) => {
    await tx.exec('set transaction isolation level repeatable read');
    return work(tx);
  });

/**
 * The three read calls every entity has: `GET {path}`, `GET {path}/count` and `GET {path}/:id`,
 * all through the query layer, so filters, paging, populate and tenancy behave the same everywhere.
 */
export const registerReadRoutes = (
  fastify: FastifyInstance,
  options: {
    path: string;
    entity: EntityDef;
    roles: RoleList;
    exportFields?: readonly string[];
    feature?: 'collecting';
  },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { path, entity, roles } = options;
  const feature = options.feature;
  const checkAnswers = fastify.config.nodeEnv !== 'production';
  const drift = fieldDrift(entity);
  if (drift.length) throw new Error(`Entity ${entity.name}: fields and row schema differ in ${drift.join(', ')}`);
  const exportFields =
    options.exportFields ?? Object.keys(entity.fields).filter((f) => entity.fields[f].type !== 'json');
  const tags = [entity.name];
  // A file name has no folders: `psp/audittrail` is saved as `psp-audittrail-….csv`.
  const fileName = path.replace(/\//g, '-');
  const describe = `Filters: ${Object.entries(entity.fields)
    .filter(([, f]) => f.filter)
    .map(([n]) => n)
    .join(', ')}. Each also as name[] (any of) and, for dates and numbers, name> and name< (bounds).`;

  app.get(`/v1/${path}`, {
    config: { access: { roles, feature }, replica: true },
    schema: {
      tags,
      description: describe,
      querystring: ZListQuery,
      // The whole row: what a request without own fields in `_fields` answers (ZListQuery).
      response: { 200: trustedRows(z.array(entity.row)) },
    },
    handler: async (request, reply) => {
      const scope = authOf(request).scope;
      if (checkAnswers) {
        // Development and tests: the rows built in JavaScript, checked by the schema, must be what
        // the database wrote (both read in one snapshot, so that concurrent writes cannot differ).
        const [rows, written] = await inOneSnapshot(app.db, (db) =>
          Promise.all([listEntity(db, entity, scope, request.query), listEntityJson(db, entity, scope, request.query)]),
        );
        if (written !== undefined) assertWritten(entity, rows, written);
        return sendJson(reply, checkedJson(entity, request.query, rows));
      }
      const written = await listEntityJson(app.db, entity, scope, request.query);
      if (written === undefined) return listEntity(app.db, entity, scope, request.query);
      // Already JSON: Fastify sends a string with a JSON content type as it is, past the serializer.
      return sendJson(reply, written);
    },
  });
  app.get(`/v1/${path}/count`, {
    config: { access: { roles, feature }, replica: true },
    schema: { tags, querystring: ZListQuery, response: { 200: ZCount } },
    handler: async (request) => ({ count: await countEntity(app.db, entity, authOf(request).scope, request.query) }),
  });
  app.get(`/v1/${path}/export`, {
    config: { access: { roles, feature }, replica: true },
    schema: {
      tags,
      description: `CSV of every row the filters match; _fields picks columns (default: ${exportFields.join(',')}). _format=readable with _lang (nl, en-US) and _tz (IANA zone) gives the same rows for a person: translated headers and values, decimal amounts, local times with offset, related names; Dutch uses ; and both start with a UTF-8 BOM.`,
      querystring: ZListQuery,
    },
    handler: async (request, reply) => {
      const csv = await exportCsv(app.db, entity, authOf(request).scope, request.query, exportFields);
      reply.header('content-type', 'text/csv; charset=utf-8');
      const suffix = request.query._format === 'readable' ? `-${request.query._lang ?? 'nl'}` : '';
      reply.header(
        'content-disposition',
        `attachment; filename="${fileName}-${new Date().toISOString().slice(0, 10)}${suffix}.csv"`,
      );
      return reply.send(csv);
    },
  });
  app.get(`/v1/${path}/:id`, {
    config: { access: { roles, feature } },
    schema: {
      tags,
      params: z.object({ id: z.string().min(1).max(64) }),
      querystring: ZListQuery,
      response: { 200: trustedRows(entity.row) },
    },
    handler: async (request, reply) => {
      const { scope } = authOf(request);
      const { id } = request.params;
      if (checkAnswers) {
        const [row, written] = await inOneSnapshot(app.db, async (db) => [
          await getEntity(db, entity, scope, id, request.query),
          await getEntityJson(db, entity, scope, id, request.query),
        ]);
        if (written !== undefined) assertWritten(entity, row, written);
        return sendJson(reply, checkedJson(entity, request.query, row));
      }
      const written = await getEntityJson(app.db, entity, scope, id, request.query);
      if (written === undefined) return getEntity(app.db, entity, scope, id, request.query);
      return sendJson(reply, written);
    },
  });
};
