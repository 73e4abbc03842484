import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Received = { path: string; headers: IncomingHttpHeaders; body: string };

/**
 * A webhook receiver on 127.0.0.1 for browser tests: records every request and answers 200
 * "received, thank you", or 500 "receiver is down" on paths starting with /failing.
 */
export const startReceiver = async () => {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        path: request.url ?? '/',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const failing = request.url?.startsWith('/failing');
      response.writeHead(failing ? 500 : 200, { 'content-type': 'text/plain' });
      response.end(failing ? 'receiver is down' : 'received, thank you');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    received,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
