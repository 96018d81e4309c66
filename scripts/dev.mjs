// `npm run dev`: the simulators, the API under `tsx watch` (restarts on save) and the Vite dev server (hot
// reload; it proxies /api to the API). Ctrl-C stops all three, PostgreSQL included.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { checkNodeVersion, ensureDependencies, isPortFree, ROOT, waitForHttp } from './lib/setup.mjs';
import { Supervisor } from './lib/supervisor.mjs';

checkNodeVersion();
ensureDependencies();

const env = { ...process.env };
// Development mode: the API may use the simulators' committed tokens and webhook key (decision 062).
env.NODE_ENV ||= 'development';
env.PORT ||= '8080';
env.SMTP_PORT ||= '2525';
env.SIMULATORS_PORT ||= '8025';
env.SEED_DEMO ||= '1';
// The SPA is served by Vite here; APP_URL is where the links in e-mails point.
env.APP_URL ||= 'http://localhost:5173';
// Vite's proxy target (apps/web/vite.config.ts), following PORT.
env.API_URL ||= `http://localhost:${env.PORT}`;
// The e-signature simulator's webhooks go straight to the API, not through Vite (decision 037).
env.ESIGN_CALLBACK_URL ||= `${env.API_URL}/api/webhooks/esign`;

for (const [name, port] of [
  ['PORT', env.PORT],
  ['SIMULATORS_PORT', env.SIMULATORS_PORT],
  ['SMTP_PORT', env.SMTP_PORT],
]) {
  if (!(await isPortFree(Number(port)))) {
    console.error(`Port ${port} (${name}) is already in use; stop what holds it or set ${name}.`);
    process.exit(1);
  }
}

const viteBin = ['apps/web/node_modules/vite/bin/vite.js', 'node_modules/vite/bin/vite.js']
  .map((path) => join(ROOT, path))
  .find((path) => existsSync(path));
if (!viteBin) {
  console.error('Vite is not installed; run npm install.');
  process.exit(1);
}

let exitCode = 0;
const supervisor = new Supervisor({
  onUnexpectedExit(name, code) {
    // `tsx watch` survives a crash of the API and restarts it on the next save; only a real exit lands here.
    console.error(`\n[${name}] exited (code ${code}); stopping the rest.`);
    exitCode = code || 1;
    void supervisor.stop().then(() => process.exit(exitCode));
  },
});

let signalled = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (signalled) return;
    signalled = true;
    console.log('\nStopping...');
    void supervisor.stop().then(() => process.exit(exitCode));
  });
}

const tsx = join(ROOT, 'node_modules', '.bin', 'tsx');
supervisor.start('simulators', process.execPath, ['--import', 'tsx', 'apps/simulators/src/main.ts'], { env });
supervisor.start('api', tsx, ['watch', '--clear-screen=false', 'apps/api/src/server.ts'], { env });
supervisor.start('web', process.execPath, [viteBin], { env, cwd: join(ROOT, 'apps', 'web') });

try {
  await waitForHttp(`http://127.0.0.1:${env.PORT}/api/ready`, {
    timeoutMs: 180_000,
    stillAlive: () => supervisor.isAlive('api'),
  });
  console.log(
    [
      '',
      'PlanPiso (development) is running.',
      '  App (Vite, hot reload):  http://localhost:5173',
      `  API:                     http://localhost:${env.PORT}/api (docs at /api/docs)`,
      `  Mail inbox:              http://localhost:${env.SIMULATORS_PORT}/mail`,
      '',
      'Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  );
} catch (error) {
  if (!supervisor.stopping) console.error(`The API is not answering yet: ${error.message}.`);
}
