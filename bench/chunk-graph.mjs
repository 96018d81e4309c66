// The web build's chunk graph (issue 31, decision 083): for the sign-in page, the shell and a few screens, the script
// files a first load requests (entry + shell + screen, following static imports), their brotli size and the longest
// static-import chain. Needs a build with a manifest:
//   (cd apps/web && npx vite build --manifest --outDir /tmp/dist) && node bench/chunk-graph.mjs /tmp/dist
// LIST=1 lists each screen's files.
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
const dir = process.argv[2];
const assets = join(dir, 'assets');
const html = readFileSync(join(dir, 'index.html'), 'utf8');
const entry = html.match(/src="\/assets\/([^"]+\.js)"/)[1];
const preloadsHtml = [...html.matchAll(/modulepreload"[^>]*href="\/assets\/([^"]+)"/g)].map((m) => m[1]);
const src = (f) => readFileSync(join(assets, f), 'utf8');
const statics = (f) => [...src(f).matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)].map((m) => m[1]);
const br = (f) =>
  existsSync(join(assets, f + '.br'))
    ? readFileSync(join(assets, f + '.br')).length
    : readFileSync(join(assets, f)).length;
function closure(roots, seen = new Set()) {
  const depth = new Map();
  const stack = roots.map((r) => [r, 1]);
  while (stack.length) {
    const [f, d] = stack.pop();
    if ((depth.get(f) ?? 0) >= d && seen.has(f)) continue;
    seen.add(f);
    depth.set(f, Math.max(depth.get(f) ?? 0, d));
    for (const s of statics(f)) stack.push([s, d + 1]);
  }
  return { files: seen, depth: Math.max(...depth.values()) };
}
const manifest = JSON.parse(readFileSync(join(dir, '.vite', 'manifest.json'), 'utf8'));
const find = (name) =>
  Object.entries(manifest)
    .find(([k]) => k.match(new RegExp('/' + name + '\\.tsx$')))?.[1]
    .file.replace('assets/', '');
const base = closure([entry]);
const report = (name, roots) => {
  const c = closure(roots.map(find).filter(Boolean), new Set());
  const extra = [...c.files].filter((f) => !base.files.has(f));
  const kib = (list) => (list.reduce((t, f) => t + br(f), 0) / 1024).toFixed(1);
  console.log(
    `${name}: entry ${base.files.size} files ${kib([...base.files])} KiB br (depth ${base.depth}); + ${extra.length} files ${kib(extra)} KiB br beyond the entry (depth ${c.depth})`,
  );
  if (process.env.LIST)
    for (const f of extra.sort((a, b) => br(b) - br(a))) console.log('   ', f, (br(f) / 1024).toFixed(1));
};
console.log('html modulepreloads:', preloadsHtml.length);
const shell = ['app-layout', 'page-frame', 'list-prefetch'];
report('/login', []);
report('shell', shell);
for (const [n, s] of Object.entries({
  '/disposiciones': 'provisions-list',
  '/crear-disposicion': 'create-provision-page',
  '/usuarios': 'user-list',
  '/refinanciamientos/unidades': 'refinancing-units-list',
  '/vizualizar-disposicion': 'follow-up-page',
}))
  report(n, [...shell, s]);
