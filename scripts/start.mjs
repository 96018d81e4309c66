// `npm start`: everything a fresh clone needs, in one command (README "Run it").
// Installs dependencies when node_modules is missing, builds the web and API bundles when stale, then runs the
// simulators and the API (which starts the embedded PostgreSQL unless DATABASE_URL is set, migrates and seeds
// the demo data) and serves the SPA. Ctrl-C stops everything, PostgreSQL included.
// Plain Node ESM with no dependencies: it must run before `npm install`.
import { randomBytes } from 'node:crypto';
import {
  API_BUNDLE,
  buildApi,
  buildWeb,
  checkNodeVersion,
  ensureDependencies,
  isPortFree,
  ROOT,
  waitForHttp,
} from './lib/setup.mjs';
import { Supervisor } from './lib/supervisor.mjs';
import { ensureSystemPackages } from './lib/system-packages.mjs';

// Mirrors apps/api/src/seed/index.ts (one user per type); printed so a first-time user can sign in at once.
const DEMO_PASSWORD = 'Demo#2026a';
const DEMO_USERS = [
  ['superusuario@planpiso.mx', '1 Super usuario'],
  ['administrador@planpiso.mx', '2 Administrador Finbe'],
  ['operador@planpiso.mx', '3 Operador Finbe'],
  ['representante@autosdelnorte.mx', '4 Representante Legal'],
  ['agencia@autosdelnorte.mx', '5 Operador Agencia'],
];

checkNodeVersion();
// Nothing on the list is needed to run the app today; the call keeps `npm start` reading the same list.
ensureSystemPackages('start');
ensureDependencies();

const env = { ...process.env };
env.PORT ||= '8080';
env.SMTP_PORT ||= '2525';
env.SIMULATORS_PORT ||= '8025';
env.SEED_DEMO ||= '1';
// The API runs in production mode here (decision 062): no committed secret. Each system the simulators play (its
// URL unset) gets a fresh token for this run, handed to both processes, and the e-signature simulator a fresh
// webhook key; a system whose URL is set must come with its own token, or the API refuses to start.
const SIMULATED = [
  ['CRM', 'CRM_PORT', 8031],
  ['VEHICLES', 'VEHICLES_PORT', 8032],
  ['AX', 'AX_PORT', 8033],
  ['ESIGN', 'ESIGN_PORT', 8034],
];
const freshSecret = () => randomBytes(32).toString('base64url');
for (const [prefix, portVariable, defaultPort] of SIMULATED) {
  if (env[`${prefix}_URL`]) continue;
  env[`${prefix}_URL`] = `http://127.0.0.1:${env[portVariable] || defaultPort}`;
  env[`${prefix}_TOKEN`] ||= freshSecret();
  if (prefix === 'ESIGN') env.ESIGN_WEBHOOK_SECRET ||= freshSecret();
}
const host = env.HOST || '0.0.0.0';
const appUrl = `http://localhost:${env.PORT}`;
const mailUrl = `http://localhost:${env.SIMULATORS_PORT}/mail`;

// Say which port is taken before starting anything, instead of a stack trace from deep inside a server.
const ports = [
  ['PORT', env.PORT, host],
  ['SIMULATORS_PORT', env.SIMULATORS_PORT, '0.0.0.0'],
  ['SMTP_PORT', env.SMTP_PORT, '0.0.0.0'],
];
if (!env.DATABASE_URL) ports.push(['EMBEDDED_PG_PORT', env.EMBEDDED_PG_PORT || '5433', '127.0.0.1']);
for (const [name, port, bindHost] of ports) {
  if (!(await isPortFree(Number(port), bindHost))) {
    console.error(
      `Port ${port} (${name}) is already in use. Stop whatever holds it (another \`npm start\`?) ` +
        `or choose another port, e.g. ${name}=${Number(port) + 1} npm start`,
    );
    process.exit(1);
  }
}

if ((await buildWeb()) !== 0) process.exit(1);
if ((await buildApi()) !== 0) process.exit(1);

// `node --import tsx` rather than the tsx CLI: one process per server, so the forwarded SIGINT reaches the
// code that closes the server and stops PostgreSQL, with no relay in between.
const tsxNode = (entry) => [process.execPath, ['--import', 'tsx', entry]];

let exitCode = 0;
const supervisor = new Supervisor({
  onUnexpectedExit(name, code) {
    console.error(`\n[${name}] exited (code ${code}); stopping the rest.`);
    exitCode = code || 1;
    void shutdown();
  },
});

async function shutdown() {
  await supervisor.stop('SIGINT');
  process.exit(exitCode);
}

let signalled = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    // npm forwards the terminal's Ctrl-C too, so the same stop can arrive twice: handle it once.
    if (signalled) return;
    signalled = true;
    console.log(
      env.DATABASE_URL
        ? '\nStopping PlanPiso...'
        : '\nStopping PlanPiso (the API stops its PostgreSQL cleanly; this takes a few seconds)...',
    );
    void shutdown();
  });
}

console.log(
  env.DATABASE_URL
    ? 'Using the PostgreSQL server in DATABASE_URL.'
    : `Starting PlanPiso with the embedded PostgreSQL (data in ${env.DATA_DIR || './data'})...`,
);
supervisor.start('simulators', ...tsxNode('apps/simulators/src/main.ts'), { env, cwd: ROOT });
// The API runs from its esbuild bundle (decision 023): plain JavaScript, no TypeScript loader at start or per
// import; source maps keep stack traces pointing at apps/api/src.
supervisor.start('api', process.execPath, ['--enable-source-maps', API_BUNDLE], { env, cwd: ROOT });

try {
  await waitForHttp(`http://127.0.0.1:${env.SIMULATORS_PORT}/mail`, {
    stillAlive: () => supervisor.isAlive('simulators'),
  });
  // The first start runs initdb, the migrations and the demo seed: allow it time.
  await waitForHttp(`http://127.0.0.1:${env.PORT}/api/ready`, {
    timeoutMs: 180_000,
    stillAlive: () => supervisor.isAlive('api'),
  });
} catch (error) {
  if (!supervisor.stopping) {
    console.error(`\nPlanPiso did not start: ${error.message}.`);
    exitCode = 1;
    await shutdown();
  }
}

if (!supervisor.stopping) {
  const lines = [
    '',
    'PlanPiso is running.',
    `  App:         ${appUrl}`,
    `  Mail inbox:  ${mailUrl}`,
    `  API docs:    ${appUrl}/api/docs`,
  ];
  if (env.SEED_DEMO !== '0') {
    lines.push('', `  Demo sign-ins (password ${DEMO_PASSWORD}):`);
    for (const [email, type] of DEMO_USERS) lines.push(`    ${email.padEnd(32)} ${type}`);
  }
  lines.push('', 'Press Ctrl-C to stop.', '');
  console.log(lines.join('\n'));
}
