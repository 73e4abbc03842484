import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;
const compiledServer = join(root, 'apps/api/dist/server.js');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

export type RunningServer = {
  baseUrl: string;
  dataDir: string;
  stop: () => Promise<void>;
  output: () => string;
  /** The server's exit code or signal once it has ended; null while it runs. */
  exited: () => string | null;
};

/**
 * Starts the real Kassa server on a free port with its own embedded database and a small demo
 * world, and waits until it answers /v1/health. It runs the compiled build (`apps/api/dist`, kept
 * current by global-setup.ts) as `npm start` does, or the sources through tsx when there is none.
 */
export const startServer = async (
  env: Record<string, string> = {},
  options: { template?: boolean; keepDataDir?: boolean; healthTimeoutMs?: number } = {},
): Promise<RunningServer> => {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'kassa-e2e-'));
  // A copy of the demo world built once for the run (global-setup.ts): the same database a fresh
  // start would create, without every test file spending seconds of CPU on creating it again.
  const template = process.env.KASSA_E2E_TEMPLATE;
  if (options.template !== false && template && existsSync(template)) cpSync(template, dataDir, { recursive: true });
  let log = '';
  const program = existsSync(compiledServer)
    ? ['--enable-source-maps', compiledServer]
    : ['--import', 'tsx', 'apps/api/src/server.ts'];
  const child: ChildProcess = spawn(process.execPath, program, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_SCALE: '3000',
      DEMO_TRAFFIC: 'false',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.healthTimeoutMs ?? 120_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`);
    try {
      const response = await fetch(`${baseUrl}/v1/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not become healthy:\n${log}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    dataDir,
    output: () => log,
    exited: () =>
      child.exitCode === null && child.signalCode === null ? null : String(child.exitCode ?? child.signalCode),
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      if (!options.keepDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
