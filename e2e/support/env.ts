/** What the runner tells each spec process about the stack it started (see runner.ts / stack.ts). */
export type E2eEnv = {
  baseUrl: string;
  mailUrl: string;
  databaseUrl: string;
  chromiumPath: string;
  /** The simulated CRM the API talks to (decision 009), for journeys that check what reached it. */
  crm: { url: string; token: string };
};

export function e2eEnv(): E2eEnv {
  const { E2E_BASE_URL, E2E_MAIL_URL, E2E_DATABASE_URL } = process.env;
  if (!E2E_BASE_URL || !E2E_MAIL_URL || !E2E_DATABASE_URL) {
    throw new Error('The e2e specs run inside the harness: use `npm run test:e2e [file...]`.');
  }
  return {
    baseUrl: E2E_BASE_URL,
    mailUrl: E2E_MAIL_URL,
    databaseUrl: E2E_DATABASE_URL,
    chromiumPath: process.env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell',
    crm: { url: process.env.E2E_CRM_URL ?? '', token: process.env.E2E_CRM_TOKEN ?? '' },
  };
}
