// The top self-time frames of a V8 .cpuprofile (node --cpu-prof), summed per function and per file:
//   npx tsx bench/profile-top.ts artifacts/profiles/<file>.cpuprofile [rows]
// Used to see where the API's CPU goes under `npm run bench` (BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=…").
import { readFileSync } from 'node:fs';

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

const [file, rowsArg] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-top.ts <file.cpuprofile> [rows]');
const rows = Number(rowsArg ?? 30);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfUs = new Map<number, number>();
profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);

const shortUrl = (url: string) =>
  url
    .replace(/^file:\/\//, '')
    .replace(/.*node_modules\//, '')
    .replace(/.*\/apps\//, 'apps/') || '(native)';
function sum(key: (node: Node) => string) {
  const sums = new Map<string, number>();
  for (const [id, us] of selfUs) sums.set(key(byId.get(id)!), (sums.get(key(byId.get(id)!)) ?? 0) + us);
  return [...sums].sort((a, b) => b[1] - a[1]);
}
const pct = (us: number) => `${((100 * us) / total).toFixed(1).padStart(5)} %`;
console.log(`${file}: ${(total / 1000).toFixed(0)} ms sampled`);
console.log('\nby function (self time):');
for (const [name, us] of sum(
  (n) => `${n.callFrame.functionName || '(anonymous)'} ${shortUrl(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`,
).slice(0, rows))
  console.log(`${pct(us)}  ${name}`);
console.log('\nby package / file (self time):');
const pkg = (n: Node) => {
  const url = n.callFrame.url;
  const mod = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  return mod ?? (url ? shortUrl(url) : `(${n.callFrame.functionName || 'native'})`);
};
for (const [name, us] of sum(pkg).slice(0, rows)) console.log(`${pct(us)}  ${name}`);
