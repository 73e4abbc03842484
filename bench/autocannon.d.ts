// The parts of autocannon's API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  type Options = {
    url: string;
    connections: number;
    duration: number;
    headers?: Record<string, string>;
    requests?: { method: string; path: string }[];
  };
  type Result = { requests: { total: number; average: number }; errors: number; non2xx: number };
  type Instance = { on(event: 'response', listener: (client: unknown, status: number, bytes: number, responseTime: number) => void): void };
  function autocannon(options: Options, done: (error: Error | null, result: Result) => void): Instance;
  export default autocannon;
}
