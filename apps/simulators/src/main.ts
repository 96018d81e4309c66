import { startMailCatcher } from './mail/mail-catcher';

// The simulators process (`npm start` / `npm run dev` run it beside the API). For now: the mail catcher.
const smtpPort = Number(process.env.SMTP_PORT ?? 2525);
const httpPort = Number(process.env.SIMULATORS_PORT ?? 8025);
const host = process.env.SIMULATORS_HOST ?? '127.0.0.1';

const catcher = await startMailCatcher({ smtpPort, httpPort, host });
console.log(`Mail catcher: SMTP on ${host}:${catcher.smtpPort}, inbox at http://localhost:${catcher.httpPort}/mail`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void catcher.stop().then(() => process.exit(0));
  });
}
