import { startSimulators } from './index';
import { startMailCatcher } from './mail/mail-catcher';

// The simulators process (`npm start` / `npm run dev` run it beside the API): the mail catcher and the lender's
// systems of decision 009 (CRM, vehicle service, AX, e-signature), each on its own port.
const smtpPort = Number(process.env.SMTP_PORT ?? 2525);
const httpPort = Number(process.env.SIMULATORS_PORT ?? 8025);
const host = process.env.SIMULATORS_HOST ?? '127.0.0.1';
const port = (name: string) => (process.env[name] ? Number(process.env[name]) : undefined);

const catcher = await startMailCatcher({ smtpPort, httpPort, host });
console.log(`Mail catcher: SMTP on ${host}:${catcher.smtpPort}, inbox at http://localhost:${catcher.httpPort}/mail`);

const simulators = await startSimulators({
  host,
  ports: { crm: port('CRM_PORT'), vehicles: port('VEHICLES_PORT'), ax: port('AX_PORT'), esign: port('ESIGN_PORT') },
  publicBaseUrl: process.env.ESIGN_PUBLIC_URL,
  // Signers get their links by mail, in the catcher's inbox, as from a real provider.
  esignSmtp: { host, port: catcher.smtpPort },
}).catch(async (error: unknown) => {
  await catcher.stop();
  throw error;
});
console.log(`CRM:             ${simulators.urls.crm} (the lender's ERP payments page at /pagos)`);
console.log(`Vehicle service: ${simulators.urls.vehicles}`);
console.log(`AX:              ${simulators.urls.ax}`);
console.log(`E-signature:     ${simulators.urls.esign}`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void Promise.all([catcher.stop(), simulators.stop()]).then(() => process.exit(0));
  });
}
