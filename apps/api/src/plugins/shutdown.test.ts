import { Agent, request } from 'node:http';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { drainAndClose, registerShutdownState } from './shutdown.ts';

const get = (port: number, path: string, agent: Agent) =>
  new Promise<{ status: number; connection?: string; body: string }>((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
    })
      .on('error', reject)
      .end();
  });

describe('drainAndClose', () => {
  it('finishes a request in flight, closes its connection, and refuses new connections', async () => {
    const app = Fastify();
    registerShutdownState(app);
    app.get('/slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      return { done: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const inFlight = get(port, '/slow', agent);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    const closing = drainAndClose(app, 5000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(get(port, '/slow', new Agent())).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(await inFlight).toEqual({ status: 200, connection: 'close', body: '{"done":true}' });
    await closing;
    expect(Date.now() - started).toBeLessThan(3000);
    agent.destroy();
  });

  it('closes what is still running at the deadline', async () => {
    const app = Fastify();
    registerShutdownState(app);
    app.get('/hang', () => new Promise(() => {}));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const hanging = get(port, '/hang', new Agent()).catch((error: { code?: string }) => error.code);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    await drainAndClose(app, 600);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await hanging).toBe('ECONNRESET');
  });
});
