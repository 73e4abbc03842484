import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCount, ZListQuery, type RoleList } from '@kassa/domain';
import { authOf } from '../plugins/auth-context.ts';
import { fieldDrift, type EntityDef } from './entity.ts';
import { exportCsv } from './export.ts';
import { trustedRows } from './row-serializer.ts';
import { countEntity, getEntity, getEntityJson, listEntity, listEntityJson } from './repository.ts';

/** Development and tests: what the database wrote must be what the serializer makes of the rows. */
const assertWritten = (entity: EntityDef, built: unknown, written: string) => {
  if (!isDeepStrictEqual(JSON.parse(JSON.stringify(built)), JSON.parse(written)))
    throw new Error(`${entity.name}: the JSON the database wrote differs from the rows (query/json-rows.sql.ts)`);
};

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
  const describe = `Filters: ${Object.entries(entity.fields)
    .filter(([, f]) => f.filter)
    .map(([n]) => n)
    .join(', ')}. Each also as name[] (any of) and, for dates and numbers, name> and name< (bounds).`;

  app.get(`/v1/${path}`, {
    config: { access: { roles, feature } },
    schema: {
      tags,
      description: describe,
      querystring: ZListQuery,
      response: { 200: trustedRows(z.array(entity.row)) },
    },
    handler: async (request, reply) => {
      const scope = authOf(request).scope;
      const written = await listEntityJson(app.db, entity, scope, request.query);
      if (written === undefined) return listEntity(app.db, entity, scope, request.query);
      // Already JSON: Fastify sends a string with a JSON content type as it is, past the serializer.
      if (!checkAnswers) return reply.type('application/json; charset=utf-8').send(written as never);
      // Development and tests: the rows built in JavaScript, checked by the schema, must be what the database wrote.
      const rows = await listEntity(app.db, entity, scope, request.query);
      assertWritten(entity, rows, written);
      return rows;
    },
  });
  app.get(`/v1/${path}/count`, {
    config: { access: { roles, feature } },
    schema: { tags, querystring: ZListQuery, response: { 200: ZCount } },
    handler: async (request) => ({ count: await countEntity(app.db, entity, authOf(request).scope, request.query) }),
  });
  app.get(`/v1/${path}/export`, {
    config: { access: { roles, feature } },
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
        `attachment; filename="${path}-${new Date().toISOString().slice(0, 10)}${suffix}.csv"`,
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
      response: { 200: entity.row },
    },
    handler: async (request, reply) => {
      const { scope } = authOf(request);
      const { id } = request.params;
      const written = await getEntityJson(app.db, entity, scope, id, request.query);
      if (written === undefined) return getEntity(app.db, entity, scope, id, request.query);
      if (!checkAnswers) return reply.type('application/json; charset=utf-8').send(written as never);
      const row = await getEntity(app.db, entity, scope, id, request.query);
      assertWritten(entity, row, written);
      return row;
    },
  });
};
