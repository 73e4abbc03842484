// The parts of autocannon's API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  type Options = {
    url: string | string[];
    connections: number;
    duration: number;
    headers?: Record<string, string>;
    requests?: {
      method: string;
      path: string;
      headers?: Record<string, string>;
      body?: string;
      setupRequest?: (request: Request) => Request;
    }[];
  };
  type Request = { method: string; path: string; headers?: Record<string, string>; body?: string };
  type Result = {
    requests: { total: number; average: number };
    errors: number;
    non2xx: number;
    statusCodeStats?: Record<string, { count: number }>;
  };
  type Instance = {
    on(
      event: 'response',
      listener: (client: unknown, status: number, bytes: number, responseTime: number) => void,
    ): void;
    /** Ends the run early; `done` gets the result so far. */
    stop(): void;
  };
  function autocannon(options: Options, done: (error: Error | null, result: Result) => void): Instance;
  export default autocannon;
}
