import { createServer, type IncomingHttpHeaders } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';

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

/** Counts requests in flight at a receiver over time, to tell how many slots it held when. */
const inFlightLog = () => {
  const changes: { at: number; inFlight: number }[] = [];
  let inFlight = 0;
  return {
    open: () => changes.push({ at: Date.now(), inFlight: ++inFlight }),
    close: () => changes.push({ at: Date.now(), inFlight: --inFlight }),
    /** The most in flight at once from `since` (ms epoch) on. */
    maxSince: (since = 0) =>
      Math.max(0, ...changes.filter((change) => change.at >= since).map((change) => change.inFlight)),
    /** Requests that arrived. */
    arrivals: () => changes.filter((change, i) => i === 0 || change.inFlight > changes[i - 1].inFlight).length,
  };
};

/**
 * A receiver that takes `delayMs` to answer 200 (`Infinity`: reads the request and never answers),
 * changeable while it runs; records the `webhook-id` of every request it answered.
 */
export const startSlowReceiver = async (delayMs: number) => {
  const log = inFlightLog();
  const answered: string[] = [];
  let delay = delayMs;
  const server = createServer((request, response) => {
    log.open();
    response.on('close', log.close);
    request.resume();
    request.on('end', () => {
      if (delay === Infinity) return;
      setTimeout(() => {
        if (response.destroyed) return;
        answered.push(String(request.headers['webhook-id']));
        response.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
      }, delay);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    answered,
    setDelay: (ms: number) => void (delay = ms),
    ...log,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

/** A dead receiver: accepts the connection, reads, and never says a word (not even HTTP). */
export const startDeadReceiver = async () => {
  const log = inFlightLog();
  const sockets = new Set<Socket>();
  const server = createNetServer((socket) => {
    sockets.add(socket);
    log.open();
    socket.on('error', () => {});
    socket.on('close', () => {
      sockets.delete(socket);
      log.close();
    });
    socket.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    ...log,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
};
