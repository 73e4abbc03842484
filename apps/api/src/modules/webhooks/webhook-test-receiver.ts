import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Received = { headers: IncomingHttpHeaders; body: string; raw: Buffer; path: string };

/** A real HTTP receiver on 127.0.0.1 for tests: records what arrives and answers `status` (settable per path). */
export const startReceiver = async (defaultStatus = 200) => {
  const received: Received[] = [];
  const statusByPath = new Map<string, number>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      const raw = Buffer.concat(chunks);
      received.push({ headers: request.headers, body: raw.toString('utf8'), raw, path });
      const status = statusByPath.get(path) ?? defaultStatus;
      if (status >= 300 && status < 400) response.setHeader('location', '/elsewhere');
      response.writeHead(status, { 'content-type': 'text/plain' });
      response.end(status < 300 ? 'thanks' : `answer ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    received,
    answer: (path: string, status: number) => statusByPath.set(path, status),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
