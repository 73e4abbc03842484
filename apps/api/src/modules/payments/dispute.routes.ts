import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  access,
  EVIDENCE_MAX_BYTES,
  ZDispute,
  ZDisputeSubmit,
  ZErrorBody,
  ZEvidenceFile,
  ZEvidenceQuery,
} from '@kassa/domain';
import { notFound } from '../../lib/http-error.ts';
import { actorOf } from '../../plugins/actor.ts';
import { evidenceFile, readDispute } from './dispute.repository.ts';
import { acceptChargeback, disputeOf, submitDispute, uploadEvidence } from './dispute.service.ts';

const ZParams = z.object({ id: z.string().min(1).max(64) });

/** A header-safe `Content-Disposition: attachment` with the original name (RFC 6266 / 5987). */
const attachment = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** Disputes (issue 36): a chargeback's checklist, evidence files, the written response, accepting it. */
export const disputeRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Evidence arrives as the file's bytes; its type is decided from its content, never from this header.
  app.addContentTypeParser(
    'application/octet-stream',
    { parseAs: 'buffer', bodyLimit: EVIDENCE_MAX_BYTES + 1024 * 1024 },
    (_request, body, done) => done(null, body),
  );
  app.get('/v1/chargeback/:id/dispute', {
    config: { access: { roles: access.chargeback.list } },
    schema: {
      tags: ['chargeback'],
      description:
        "The dispute of a chargeback: reason code's scheme and family, the due date, the evidence checklist pre-filled from what Kassa holds, the files and the response.",
      params: ZParams,
      response: { 200: ZDispute, 404: ZErrorBody },
    },
    handler: (request) => disputeOf(app.db, actorOf(request), request.params.id),
  });
  app.post('/v1/chargeback/:id/evidence', {
    bodyLimit: EVIDENCE_MAX_BYTES + 1024 * 1024,
    config: { access: { roles: access.chargeback.respond } },
    schema: {
      tags: ['chargeback'],
      description: `Adds an evidence file: the body is the file's bytes (Content-Type: application/octet-stream), kind and file_name in the query. PDF, PNG or JPEG by content (415 evidence_type_refused otherwise, whatever the name), at most ${EVIDENCE_MAX_BYTES} bytes (413 evidence_too_large), 10 per dispute (409 evidence_limit); only before the due date (409 dispute_deadline_passed).`,
      params: ZParams,
      querystring: ZEvidenceQuery,
      response: {
        201: ZEvidenceFile,
        400: ZErrorBody,
        404: ZErrorBody,
        409: ZErrorBody,
        413: ZErrorBody,
        415: ZErrorBody,
      },
    },
    handler: async (request, reply) => {
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const meta = await uploadEvidence(app.db, actorOf(request), request.params.id, {
        kind: request.query.kind,
        fileName: request.query.file_name,
        bytes,
      });
      return reply.code(201).send(meta as z.infer<typeof ZEvidenceFile>);
    },
  });
  app.get('/v1/chargeback/:id/evidence/:file', {
    config: { access: { roles: access.chargeback.list } },
    schema: {
      tags: ['chargeback'],
      description:
        'Downloads an evidence file as an attachment with its stored type (PDF, PNG or JPEG) and nosniff: never rendered as a page.',
      params: z.object({ id: z.string().min(1).max(64), file: z.string().min(1).max(64) }),
      response: { 404: ZErrorBody },
    },
    handler: async (request, reply) => {
      const actor = actorOf(request);
      if (!(await readDispute(app.db, actor.scope, request.params.id))) throw notFound('Chargeback');
      const file = await evidenceFile(app.db, request.params.id, request.params.file);
      if (!file) throw notFound('Evidence file');
      return reply
        .header('content-type', file.content_type)
        .header('content-disposition', attachment(file.file_name))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'no-store')
        .send(Buffer.from(file.content) as never);
    },
  });
  app.post('/v1/chargeback/:id/dispute', {
    config: { access: { roles: access.chargeback.respond } },
    schema: {
      tags: ['chargeback'],
      description:
        'Submits the written response with the evidence uploaded so far: the chargeback goes IN_DISPUTE and the acquirer decides. After the due date 409 dispute_deadline_passed; an answered or decided one 409 dispute_closed.',
      params: ZParams,
      body: ZDisputeSubmit,
      response: { 200: ZDispute, 400: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody },
    },
    handler: async (request) => {
      const actor = actorOf(request);
      await submitDispute(app.db, actor, request.params.id, request.body.response);
      return disputeOf(app.db, actor, request.params.id);
    },
  });
  app.post('/v1/chargeback/:id/accept', {
    config: { access: { roles: access.chargeback.respond } },
    schema: {
      tags: ['chargeback'],
      description: 'Accepts the chargeback without a dispute: it is LOST at once.',
      params: ZParams,
      response: { 200: ZDispute, 404: ZErrorBody, 409: ZErrorBody },
    },
    handler: async (request) => {
      const actor = actorOf(request);
      await acceptChargeback(app.db, actor, request.params.id);
      return disputeOf(app.db, actor, request.params.id);
    },
  });
};
