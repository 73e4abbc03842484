// The HTTP floor of a scenario: a bare Fastify route (no hooks, no schema, no database) that answers
// the body Kassa gave for it. `PUT /__body` sets the body and content type the next loads get.
import Fastify from 'fastify';

const port = Number(process.argv[2]);
const app = Fastify({ bodyLimit: 64 * 1024 * 1024 });
let body: Buffer = Buffer.from('{}');
let contentType = 'application/json; charset=utf-8';
app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, payload, done) => done(null, payload));
app.put('/__body', (request, reply) => {
  body = request.body as Buffer;
  contentType = String(request.headers['x-content-type'] ?? contentType);
  return reply.code(204).send();
});
app.get('/*', (_request, reply) => reply.type(contentType).send(body));
app.listen({ port, host: '127.0.0.1' }).then(() => console.log('floor ready'));
