import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { isValidNewPassword } from '@planpiso/domain';
import { createDb } from '../db/client';
import { openConfiguredDatabase } from '../db/connect';
import { runMigrations } from '../db/migrate';
import { users } from '../db/schema/users';
import { writeAudit } from '../platform/audit';
import { systemClock } from '../platform/clock';
import { loadConfig } from '../platform/config';
import { createJwt } from '../platform/jwt';
import { createMailer } from '../platform/mail';
import { transaction } from '../platform/transaction';
import type { JobRunner } from '../jobs/runner';
import { createIdentityService } from '../modules/identity';
import { upsertCredential } from '../modules/identity';
import { hashPassword } from '../modules/identity';
import { runCommand } from './run-command';

const USAGE = `Uso: npm run create-superuser -- --email correo@dominio.mx [--password Contraseña] [--firstname Nombre] [--lastname Apellido]

Crea un usuario de tipo 1 (Super usuario) en la base configurada (la embebida si no hay DATABASE_URL).
Sin --password se genera una contraseña temporal, se envía por correo y se muestra aquí.`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      firstname: { type: 'string', default: 'Super' },
      lastname: { type: 'string', default: 'Usuario' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const email = z.email().safeParse(values.email?.trim().toLowerCase());
  if (!email.success) {
    console.error(`Falta un --email válido.\n\n${USAGE}`);
    return 2;
  }
  if (values.password !== undefined && !isValidNewPassword(values.password)) {
    console.error(
      'La contraseña debe tener al menos 8 caracteres, una minúscula, una mayúscula, un número y uno de ! @ # $ % ^ & *.',
    );
    return 2;
  }

  // It calls no external system: their secrets are the API's to require (decision 062), not this tool's.
  const config = loadConfig(process.env, { externalSecrets: false });
  const database = await openConfiguredDatabase(config, { reuseRunning: true });
  const handle = createDb(database.url, { max: 2 });
  const mailer = createMailer(config);
  const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
  try {
    await runMigrations(database.url);
    const { db } = handle;
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.data));
    if (existing) {
      console.error(`Ya existe un usuario con el correo ${email.data}.`);
      return 1;
    }
    // A one-shot process works no queue: it mails the temporary password itself, after the commit (below).
    const jobs: JobRunner = {
      send: async (_executor, job) => {
        throw new Error(`create-superuser sends no jobs (${job.name})`);
      },
    };
    const identity = createIdentityService({
      db,
      clock: systemClock,
      jobs,
      jwt: createJwt(config.jwtSecret, systemClock),
      config,
      log,
    });
    // argon2 before the transaction opens (decision 017).
    const given = values.password === undefined ? undefined : await hashPassword(values.password);
    const temporary = given === undefined ? await identity.prepareTemporaryPassword() : undefined;
    const result = await transaction(db, async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ email: email.data, firstname: values.firstname!, lastname: values.lastname!, type: 1 })
        .returning({ id: users.id, email: users.email, firstname: users.firstname });
      await writeAudit(tx, {
        actor: null,
        action: 'user.created',
        entity: 'user',
        entityId: user!.id,
        after: { email: user!.email, type: 1 },
        requestId: 'cli:create-superuser',
      });
      if (given !== undefined) {
        await upsertCredential(tx, user!.id, {
          passwordHash: given,
          temporary: false,
          temporaryExpiresAt: null,
          updatedAt: new Date(),
        });
        return { id: user!.id, temporary: null };
      }
      const issued = await identity.issueTemporaryPassword(tx, user!, temporary!, {
        actor: null,
        requestId: 'cli:create-superuser',
        mail: 'caller',
      });
      return { id: user!.id, temporary: issued };
    });

    console.log(`Super usuario creado: ${email.data} (id ${result.id}).`);
    if (result.temporary) {
      console.log(`Contraseña temporal: ${result.temporary.password}`);
      console.log(`Vence: ${result.temporary.expiresAt.toISOString()}. Se pedirá cambiarla al iniciar sesión.`);
      // Committed: the mail can only announce a user that exists. Best effort: the password is printed above.
      const mailed = await mailer.send(result.temporary.mail).then(
        () => true,
        () => false,
      );
      console.log(
        mailed
          ? `Se envió por correo a ${email.data}.`
          : `No se pudo enviar el correo (SMTP ${config.smtpHost}:${config.smtpPort}); comparte la contraseña por otro medio.`,
      );
    }
    return 0;
  } finally {
    await mailer.close();
    await handle.close();
    await database.stop();
  }
}

runCommand(main);
