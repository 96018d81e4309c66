// The deploy recipe's files (docs/deploy.md, decision 086) hold to its rules: settings from the environment and
// documented in the README, secrets never written down, the jobs on one copy, the image unprivileged. Docker is not
// installed here, so these read the files; apps/api/test/deploy-image.test.ts runs the image's build and command.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageOf, undeclaredImports } from './build-image.mjs';
import { ROOT } from './lib/setup.mjs';

const read = (path) => readFileSync(join(ROOT, path), 'utf8');
const compose = read('compose.yaml');
const readme = read('README.md');

/** `KEY: value` lines (upper-case keys: environment variables) of a top-level block or a service of compose.yaml. */
function environmentOf(block) {
  const start = compose.search(new RegExp(`^( {2})?${block}:`, 'm'));
  if (start < 0) throw new Error(`compose.yaml has no ${block}`);
  const indent = compose.slice(start).match(/^ */)[0].length;
  const lines = compose.slice(start).split('\n').slice(1);
  const end = lines.findIndex((line) => line.trim() !== '' && line.match(/^ */)[0].length <= indent);
  const env = {};
  for (const line of lines.slice(0, end < 0 ? undefined : end)) {
    const match = /^\s+([A-Z][A-Z0-9_]*):\s*(.*)$/.exec(line);
    if (match) env[match[1]] = match[2].replace(/^'(.*)'$/, '$1');
  }
  return env;
}

const apiEnvironment = environmentOf('x-api-environment');

describe('compose.yaml', () => {
  it('passes the API only settings the README documents', () => {
    const keys = [...Object.keys(apiEnvironment), 'JOBS'];
    expect(keys.length).toBeGreaterThan(20);
    expect(keys.filter((key) => !readme.includes(`\`${key}\``))).toEqual([]);
  });

  it('writes no secret down: each comes from the environment, required, or passes through when set', () => {
    const secretLike = /SECRET|TOKEN|PASSWORD|ACCESS_KEY/;
    const services = ['x-api-environment', 'caddy', 'postgres', 'minio', 'minio-bucket'];
    const offenders = services.flatMap((service) =>
      Object.entries(environmentOf(service))
        .filter(([key]) => secretLike.test(key))
        .filter(([, value]) => value !== '' && !/^\$\{[A-Z0-9_]+:\?[^}]*\}$/.test(value))
        .map(([key, value]) => `${service}.${key}=${value}`),
    );
    expect(offenders).toEqual([]);
    // The database password reaches the API inside DATABASE_URL, from the same variable.
    expect(apiEnvironment.DATABASE_URL).toContain('${POSTGRES_PASSWORD:?');
  });

  it('runs the jobs on the first copy and not on the second', () => {
    expect(environmentOf('api-1').JOBS).toBe('on');
    expect(environmentOf('api-2').JOBS).toBe('off');
  });

  it('puts Caddy in front of both copies, compressing, with its health check on /api/ready', () => {
    const caddyfile = read('deploy/Caddyfile');
    expect(caddyfile).toMatch(/reverse_proxy api-1:8080 api-2:8080/);
    expect(caddyfile).toMatch(/^\s*encode /m);
    expect(caddyfile).toMatch(/health_uri \/api\/ready/);
    expect(apiEnvironment.HTTP_COMPRESSION).toBe('off');
    expect(apiEnvironment.TRUST_PROXY).toBe('on');
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));

  it('runs as the unprivileged node user, on a copy of the build script’s output only', () => {
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime.match(/^COPY .*/gm)).toEqual(['COPY --from=build /out /app']);
    expect(dockerfile).toMatch(/^RUN node scripts\/build-image\.mjs \/out$/m);
  });
});

describe('the image’s dependency check', () => {
  const metafile = (paths) => ({
    outputs: { 'server.js': { imports: paths.map((path) => ({ path, external: true })) } },
  });

  it('names a package by its scope and name, without a subpath', () => {
    expect(packageOf('drizzle-orm/node-postgres/migrator')).toBe('drizzle-orm');
    expect(packageOf('@aws-sdk/client-s3')).toBe('@aws-sdk/client-s3');
    expect(packageOf('@fastify/static/lib/x.js')).toBe('@fastify/static');
  });

  it('refuses a bundle that imports a package the production install leaves out', () => {
    const dependencies = { fastify: '^5', 'drizzle-orm': '^0.45' };
    expect(undeclaredImports(metafile(['fastify', 'drizzle-orm/pg-core', 'node:fs', 'crypto']), dependencies)).toEqual(
      [],
    );
    expect(undeclaredImports(metafile(['fastify', 'papaparse', '@types/pg']), dependencies)).toEqual([
      '@types/pg',
      'papaparse',
    ]);
  });
});
