// Summarises V8 CPU profiles (`--cpu-prof`): self time by function and by package, so the top
// costs of the server under the bench can be read without a browser. Usage: node --import tsx
// bench/profile-summary.ts /tmp/prof/*.cpuprofile
import { readFileSync } from 'node:fs';

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount: number;
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const where = (url: string) => {
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return modules[1];
  if (url.startsWith('node:')) return url;
  const own = /\/(apps|packages|bench)\/(.*)$/.exec(url);
  return own ? `${own[1]}/${own[2]}` : url || '(native)';
};

const byFunction = new Map<string, number>();
const byPackage = new Map<string, number>();
const inclusive = new Map<string, number>();
let total = 0;
let idle = 0;
for (const file of process.argv.slice(2)) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const nameOf = (node: Node) =>
    `${node.callFrame.functionName || '(anonymous)'} ${where(node.callFrame.url)}:${node.callFrame.lineNumber + 1}`;
  profile.samples.forEach((id, index) => {
    const node = nodes.get(id) as Node;
    const ms = (profile.timeDeltas[index] ?? 0) / 1000;
    if (node.callFrame.functionName === '(idle)') {
      idle += ms;
      return;
    }
    total += ms;
    const { url } = node.callFrame;
    const name = nameOf(node);
    const onStack = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at))
      onStack.add(nameOf(nodes.get(at) as Node));
    for (const frame of onStack) inclusive.set(frame, (inclusive.get(frame) ?? 0) + ms);
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
    const pkg = where(url).replace(/^(apps\/[^/]+\/src\/[^/]+|packages\/[^/]+).*$/, '$1');
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + ms);
  });
}
const top = (map: Map<string, number>, n: number) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, ms]) => `${((100 * ms) / total).toFixed(1).padStart(5)} %  ${name}`)
    .join('\n');
const ownCode = new Map([...inclusive].filter(([name]) => / (apps|packages)\//.test(name)));
console.log(
  `Busy ${(total / 1000).toFixed(1)} s, idle ${(idle / 1000).toFixed(1)} s; shares are of the busy time\n\nBy package or folder (self time):\n${top(byPackage, 25)}\n\nBy function (self time):\n${top(byFunction, 40)}\n\nOur functions, inclusive (callees counted):\n${top(ownCode, 40)}`,
);
