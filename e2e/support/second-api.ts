// A second copy of the API, in the spec's own process, on the stack's database: what another API process (or a
// later issue's service) does when it notifies a user. The browser is connected to the stack's API process, so a
// notification written here reaches it only through @socket.io/postgres-adapter, as in production.
import { randomBytes } from 'node:crypto';
import type { NotificationResponse, NotificationType } from '@planpiso/domain';
import { buildApp } from '../../apps/api/src/app';
import { createDb } from '../../apps/api/src/db/client';
import { loadConfig } from '../../apps/api/src/platform/config';
import { e2eEnv } from './env';

export type SecondApi = {
  /** The notifications service's `notify` (apps/api/src/modules/notifications/service.ts), committed at once. */
  notify(userIds: readonly number[], type: NotificationType, message: string): Promise<NotificationResponse[]>;
  close(): Promise<void>;
};

export async function startSecondApi(): Promise<SecondApi> {
  const { databaseUrl } = e2eEnv();
  const handle = createDb(databaseUrl, { max: 2 });
  try {
    const config = loadConfig({
      // Development mode: this copy calls no external system (decision 062).
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      // Signs nothing the browser sees; set so no secrets file is written.
      JWT_SECRET: randomBytes(32).toString('hex'),
      // No SPA and no listening port: only the services and the socket.io adapter matter here.
      WEB_DIST: '/nonexistent/planpiso-web-dist',
      LOG_LEVEL: 'warn',
    });
    const app = await buildApp({ config, db: handle.db, logger: false });
    // onReady waits until this copy's LISTEN is in place, as the API process does at start.
    await app.ready();
    return {
      notify: (userIds, type, message) => app.services.notifications.notify(handle.db, userIds, type, message),
      close: async () => {
        await app.close();
        await handle.close();
      },
    };
  } catch (error) {
    await handle.close();
    throw error;
  }
}
