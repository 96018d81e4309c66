import { and, desc, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { SignJWT, UnsecuredJWT, decodeJwt } from 'jose';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  IDENTITY_ERROR,
  MESSAGES,
  TEMPORARY_PASSWORD_EXPIRED,
  isValidNewPassword,
  signInErrorMessage,
} from '@planpiso/domain';
import { auditLog } from '../src/db/schema/audit';
import { lockoutSeconds } from '../src/modules/identity/service';
import { transaction } from '../src/platform/transaction';
import {
  DAY,
  HOUR,
  MINUTE,
  SECOND,
  TEST_JWT_SECRET,
  bearer,
  buildTestApp,
  createUser,
  json,
  readMail,
  refreshCookie,
  setUserActive,
  signIn,
  signInRaw,
} from './harness';
import { sharedApp } from './support/shared-app';

const t = await sharedApp();
const { app, db, clock } = t;

const NEW_PASSWORD = 'Nueva#Clave9';
type ErrorBody = { statusCode: number; code: string; message: string; reason?: string };
type TokensBody = { data: { accessToken: string; expiresIn: number; tokenType: string } };

const post = (url: string, payload: unknown, extra: Record<string, unknown> = {}) =>
  app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, ...extra });

async function auditActions(userId: number) {
  const rows = await db
    .select({ action: auditLog.action, after: auditLog.after, requestId: auditLog.requestId })
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, String(userId))))
    .orderBy(desc(auditLog.id));
  return rows;
}

describe('sign-in', () => {
  it('gives an access token and an httpOnly, strict refresh cookie scoped to /api/identity', async () => {
    const user = await createUser(db, 2);
    const response = await signInRaw(app, user.email.toUpperCase(), user.password);
    expect(response.statusCode).toBe(200);
    const body = json<TokensBody>(response);
    expect(body.data).toMatchObject({ expiresIn: ACCESS_TOKEN_TTL_SECONDS, tokenType: 'Bearer' });

    const claims = decodeJwt(body.data.accessToken);
    expect(claims).toMatchObject({ sub: String(user.id), email: user.email, token_use: 'access' });
    expect(claims.exp! - claims.iat!).toBe(ACCESS_TOKEN_TTL_SECONDS);
    expect(claims.auth_time).toBe(claims.iat);

    const cookie = response.cookies.find((c) => c.name === 'pp_refresh')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/identity' });
    expect(cookie.value.length).toBeGreaterThanOrEqual(43);
  });

  it('answers a wrong password, an unknown e-mail and an inactive user with the same bytes', async () => {
    const user = await createUser(db, 3);
    const inactive = await createUser(db, 3, { isActive: false });
    const wrong = await signInRaw(app, user.email, 'Otra#Clave1');
    const unknown = await signInRaw(app, `nadie-${user.id}@prueba.planpiso.mx`, 'Otra#Clave1');
    const disabled = await signInRaw(app, inactive.email, inactive.password);

    expect(wrong.statusCode).toBe(401);
    expect(json<ErrorBody>(wrong)).toEqual({
      statusCode: 401,
      code: IDENTITY_ERROR.NotAuthorized,
      message: MESSAGES.wrongCredentials,
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
    expect(disabled.statusCode).toBe(401);
    expect(disabled.body).toBe(wrong.body);
    // What the screen shows for it (spec 1 §8).
    expect(signInErrorMessage(json(wrong))).toBe(MESSAGES.wrongCredentials);
  });

  it('takes about as long for an unknown e-mail as for a wrong password', async () => {
    const user = await createUser(db, 3);
    const time = async (email: string) => {
      const start = performance.now();
      await signInRaw(app, email, 'Otra#Clave1');
      return performance.now() - start;
    };
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 6; i++) {
      wrong.push(await time(user.email));
      unknown.push(await time(`fantasma-${user.id}-${i}@prueba.planpiso.mx`));
    }
    // Both pay for one argon2id verification; without the dummy hash the unknown e-mail would answer in a
    // fraction of the time. Relative, not absolute: a fast machine verifies in about 10 ms.
    expect(median(unknown)).toBeGreaterThan(median(wrong) * 0.4);
  });

  it('refuses a bad body with a Spanish 400', async () => {
    const response = await post('/api/identity/sign-in', { email: '', password: '' });
    expect(response.statusCode).toBe(400);
    expect(json<ErrorBody>(response)).toMatchObject({ code: 'BAD_REQUEST', message: MESSAGES.required });
  });
});

describe('lockout', () => {
  it.each([
    [4, 0],
    [5, 60],
    [6, 120],
    [7, 240],
    [8, 480],
    [9, 900],
    [30, 900],
  ])('after %i failures the lock lasts %i s', (failures, seconds) => {
    expect(lockoutSeconds(failures)).toBe(seconds);
  });

  it('locks an e-mail after 5 failures, even against the right password, and lets it in after the minute', async () => {
    const user = await createUser(db, 2);
    for (let i = 0; i < 5; i++) {
      const response = await signInRaw(app, user.email, 'Mala#Clave1');
      expect(response.statusCode).toBe(401);
    }
    const locked = await signInRaw(app, user.email, user.password);
    expect(locked.statusCode).toBe(429);
    expect(json<ErrorBody>(locked)).toEqual({
      statusCode: 429,
      code: IDENTITY_ERROR.PasswordAttemptsExceeded,
      message: MESSAGES.tooManyAttempts,
    });
    expect(signInErrorMessage(json(locked))).toBe(MESSAGES.tooManyAttempts);

    clock.advance(59 * SECOND);
    expect((await signInRaw(app, user.email, user.password)).statusCode).toBe(429);
    clock.advance(2 * SECOND);
    expect((await signInRaw(app, user.email, user.password)).statusCode).toBe(200);

    // Success starts the count again: four more failures do not lock.
    for (let i = 0; i < 4; i++) expect((await signInRaw(app, user.email, 'Mala#Clave1')).statusCode).toBe(401);
    expect((await signInRaw(app, user.email, user.password)).statusCode).toBe(200);
  });

  it('doubles the lock for each further failure', async () => {
    const user = await createUser(db, 2);
    for (let i = 0; i < 5; i++) await signInRaw(app, user.email, 'Mala#Clave1');
    clock.advance(61 * SECOND);
    // The sixth failure locks for two minutes.
    expect((await signInRaw(app, user.email, 'Mala#Clave1')).statusCode).toBe(401);
    clock.advance(61 * SECOND);
    expect((await signInRaw(app, user.email, user.password)).statusCode).toBe(429);
    clock.advance(60 * SECOND);
    expect((await signInRaw(app, user.email, user.password)).statusCode).toBe(200);
  });

  it('locks unknown e-mails the same way, so a lock says nothing about who exists', async () => {
    const email = `desconocido-${Date.now()}@prueba.planpiso.mx`;
    for (let i = 0; i < 5; i++) expect((await signInRaw(app, email, 'Mala#Clave1')).statusCode).toBe(401);
    expect(json<ErrorBody>(await signInRaw(app, email, 'Mala#Clave1')).code).toBe(
      IDENTITY_ERROR.PasswordAttemptsExceeded,
    );
  });
});

describe('temporary password', () => {
  it('asks for a new password, refuses a weak one, then signs in with the new one', async () => {
    const user = await createUser(db, 3, {
      temporary: true,
      temporaryExpiresAt: new Date(clock.now().getTime() + DAY),
    });
    const challenge = await signInRaw(app, user.email, user.password);
    expect(challenge.statusCode).toBe(200);
    const { data } = json<{ data: { challenge: string; session: string } }>(challenge);
    expect(data.challenge).toBe('NEW_PASSWORD_REQUIRED');
    expect(refreshCookie(challenge)).toBeUndefined();

    const weak = await post('/api/identity/complete-new-password', { session: data.session, newPassword: 'debil' });
    expect(weak.statusCode).toBe(400);
    expect(json<ErrorBody>(weak)).toMatchObject({
      code: IDENTITY_ERROR.InvalidPassword,
      message: MESSAGES.newPasswordInvalid,
    });

    const done = await post('/api/identity/complete-new-password', {
      session: data.session,
      newPassword: NEW_PASSWORD,
    });
    expect(done.statusCode).toBe(200);
    expect(json<TokensBody>(done).data.accessToken).toBeTruthy();
    expect(refreshCookie(done)).toBeTruthy();

    // The session was for that temporary password only.
    const again = await post('/api/identity/complete-new-password', {
      session: data.session,
      newPassword: 'Otra#Clave22',
    });
    expect(again.statusCode).toBe(401);
    expect(json<ErrorBody>(again).code).toBe(IDENTITY_ERROR.NotAuthorized);

    expect((await signInRaw(app, user.email, user.password)).statusCode).toBe(401);
    expect((await signInRaw(app, user.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await auditActions(user.id)).map((r) => r.action)).toContain('identity.password-changed');
  });

  it('tells the holder of an expired temporary password that it expired', async () => {
    const user = await createUser(db, 4, {
      temporary: true,
      temporaryExpiresAt: new Date(clock.now().getTime() + 7 * DAY),
    });
    clock.advance(7 * DAY + MINUTE);
    const expired = await signInRaw(app, user.email, user.password);
    expect(expired.statusCode).toBe(401);
    const body = json<ErrorBody>(expired);
    expect(body).toEqual({
      statusCode: 401,
      code: IDENTITY_ERROR.NotAuthorized,
      message: MESSAGES.temporaryPasswordExpired,
      reason: TEMPORARY_PASSWORD_EXPIRED,
    });
    expect(signInErrorMessage(body)).toBe('La contraseña temporal ha caducado, contacta a tu administrador');

    // A wrong guess learns nothing about it.
    const wrong = json<ErrorBody>(await signInRaw(app, user.email, 'Mala#Clave1'));
    expect(wrong.reason).toBeUndefined();
    expect(wrong.message).toBe(MESSAGES.wrongCredentials);
  });

  it('refuses a forged or expired challenge session', async () => {
    const forged = await post('/api/identity/complete-new-password', {
      session: 'no.es.jwt',
      newPassword: NEW_PASSWORD,
    });
    expect(forged.statusCode).toBe(401);
    expect(json<ErrorBody>(forged).code).toBe(IDENTITY_ERROR.NotAuthorized);

    const user = await createUser(db, 3, {
      temporary: true,
      temporaryExpiresAt: new Date(clock.now().getTime() + DAY),
    });
    const { data } = json<{ data: { session: string } }>(await signInRaw(app, user.email, user.password));
    clock.advance(11 * MINUTE);
    const late = await post('/api/identity/complete-new-password', {
      session: data.session,
      newPassword: NEW_PASSWORD,
    });
    expect(late.statusCode).toBe(401);
    expect(json<ErrorBody>(late)).toMatchObject({
      code: IDENTITY_ERROR.NotAuthorized,
      message: MESSAGES.sessionExpired,
    });
  });

  it('issues, mails and audits a temporary password through the service later issues use', async () => {
    const user = await createUser(db, 3, { password: null });
    const temporary = await app.services.identity.prepareTemporaryPassword();
    const issued = await transaction(db, (tx) =>
      app.services.identity.issueTemporaryPassword(
        tx,
        { id: user.id, email: user.email, firstname: 'Nombre3' },
        temporary,
        { actor: null, requestId: 'test' },
      ),
    );
    expect(isValidNewPassword(issued.password)).toBe(true);
    expect(issued.expiresAt.getTime() - clock.now().getTime()).toBe(7 * DAY);

    const [mail] = await readMail(user.email);
    expect(mail!.subject).toBe(MESSAGES.mailTemporaryPasswordSubject);
    expect(mail!.text).toContain(`Contraseña temporal: ${issued.password}`);
    expect(mail!.text).toContain('Hola Nombre3');

    const challenge = json<{ data: { challenge?: string } }>(await signInRaw(app, user.email, issued.password));
    expect(challenge.data.challenge).toBe('NEW_PASSWORD_REQUIRED');
    expect((await auditActions(user.id)).map((r) => r.action)).toContain('identity.temporary-password-issued');
  });
});

describe('password recovery', () => {
  const requestCode = async (email: string) => {
    const response = await post('/api/identity/forgot-password', { email });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ data: { delivery: 'EMAIL' } });
  };
  const latestCode = async (email: string) => {
    const [mail] = await readMail(email, app);
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
    if (!code) throw new Error(`no code mailed to ${email}`);
    return { code, mail: mail! };
  };
  const confirm = (email: string, code: string, newPassword = NEW_PASSWORD) =>
    post('/api/identity/confirm-forgot-password', { email, code, newPassword });
  const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('mails a 6-digit code in Spanish that sets a new password once', async () => {
    const user = await createUser(db, 5);
    await requestCode(user.email.toUpperCase());
    const { code, mail } = await latestCode(user.email);
    expect(mail.subject).toBe(MESSAGES.mailResetCodeSubject);
    expect(mail.text).toContain('Tu código de verificación');

    const ok = await confirm(user.email, code);
    expect(ok.statusCode).toBe(200);
    expect(json(ok)).toEqual({ data: { ok: true } });
    expect((await signInRaw(app, user.email, user.password)).statusCode).toBe(401);
    expect((await signInRaw(app, user.email, NEW_PASSWORD)).statusCode).toBe(200);

    const reused = await confirm(user.email, code, 'Tercera#Clave3');
    expect(reused.statusCode).toBe(400);
    expect(json<ErrorBody>(reused)).toMatchObject({ code: IDENTITY_ERROR.ExpiredCode, message: MESSAGES.codeExpired });
    expect((await auditActions(user.id)).map((r) => r.action)).toContain('identity.password-reset');
  });

  it('answers an unknown e-mail the same way and mails nothing', async () => {
    const email = `nadie-${Date.now()}@prueba.planpiso.mx`;
    await requestCode(email);
    expect(await readMail(email, app)).toEqual([]);
    const response = await confirm(email, '123456');
    expect(response.statusCode).toBe(400);
    expect(json<ErrorBody>(response).code).toBe(IDENTITY_ERROR.CodeMismatch);
  });

  it('expires the code after an hour', async () => {
    const user = await createUser(db, 2);
    await requestCode(user.email);
    const { code } = await latestCode(user.email);
    clock.advance(HOUR + SECOND);
    const response = await confirm(user.email, code);
    expect(response.statusCode).toBe(400);
    expect(json<ErrorBody>(response).code).toBe(IDENTITY_ERROR.ExpiredCode);
    expect((await signInRaw(app, user.email, user.password)).statusCode).toBe(200);
  });

  const confirmFrom = (remoteAddress: string, email: string, code: string, newPassword = NEW_PASSWORD) =>
    post('/api/identity/confirm-forgot-password', { email, code, newPassword }, { remoteAddress });
  const address = () => `10.14.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

  it('answers a known and an unknown e-mail alike, 429 included, after 5 wrong codes from one client', async () => {
    const user = await createUser(db, 2);
    await requestCode(user.email);
    const { code } = await latestCode(user.email);
    const unknown = `nadie-${user.id}@prueba.planpiso.mx`;
    const attacker = address();
    for (let i = 0; i < 5; i++) {
      const known = await confirmFrom(attacker, user.email, otherCode(code));
      const nobody = await confirmFrom(attacker, unknown, otherCode(code));
      expect(known.statusCode).toBe(400);
      expect(json<ErrorBody>(known)).toMatchObject({
        code: IDENTITY_ERROR.CodeMismatch,
        message: MESSAGES.codeMismatch,
      });
      expect(nobody.body).toBe(known.body);
    }
    const known = await confirmFrom(attacker, user.email, code);
    const nobody = await confirmFrom(attacker, unknown, code);
    expect(known.statusCode).toBe(429);
    expect(json<ErrorBody>(known)).toMatchObject({
      code: IDENTITY_ERROR.LimitExceeded,
      message: MESSAGES.limitExceeded,
    });
    expect(nobody.statusCode).toBe(429);
    expect(nobody.body).toBe(known.body);
    // The window ends.
    clock.advance(15 * MINUTE + SECOND);
    expect((await confirmFrom(attacker, unknown, code)).statusCode).toBe(400);
  });

  it('does not let another client lock the real user out of the code', async () => {
    const user = await createUser(db, 2);
    await requestCode(user.email);
    const { code } = await latestCode(user.email);
    const attacker = address();
    for (let i = 0; i < 6; i++) await confirmFrom(attacker, user.email, otherCode(code));
    expect((await confirmFrom(attacker, user.email, code)).statusCode).toBe(429);
    const ok = await confirmFrom(`${attacker}9`.slice(0, 15), user.email, code);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await signInRaw(app, user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('after 10 wrong tries from all clients blocks other clients but never voids the code (decision 064)', async () => {
    const user = await createUser(db, 2);
    await requestCode(user.email);
    const { code } = await latestCode(user.email);
    for (const client of [address(), address()]) {
      for (let i = 0; i < 5; i++) {
        expect(json<ErrorBody>(await confirmFrom(client, user.email, otherCode(code))).code).toBe(
          IDENTITY_ERROR.CodeMismatch,
        );
      }
    }
    // A client that did not ask for the code is blocked, right code or not ...
    expect((await confirmFrom(address(), user.email, code)).statusCode).toBe(429);
    // ... while the code still works from where it was asked for (127.0.0.1, the default of inject).
    expect((await confirm(user.email, code)).statusCode).toBe(200);
  });

  it('tells only the holder of the right code that it expired', async () => {
    const user = await createUser(db, 2);
    await requestCode(user.email);
    const { code } = await latestCode(user.email);
    clock.advance(HOUR + SECOND);
    expect(json<ErrorBody>(await confirm(user.email, otherCode(code))).code).toBe(IDENTITY_ERROR.CodeMismatch);
    expect(json<ErrorBody>(await confirm(user.email, code)).code).toBe(IDENTITY_ERROR.ExpiredCode);
  });

  it('refuses a weak new password without spending the code', async () => {
    const user = await createUser(db, 2);
    await requestCode(user.email);
    const { code } = await latestCode(user.email);
    const weak = await confirm(user.email, code, 'sinsimbolo1A');
    expect(weak.statusCode).toBe(400);
    expect(json<ErrorBody>(weak)).toMatchObject({
      code: IDENTITY_ERROR.InvalidPassword,
      message: MESSAGES.newPasswordInvalid,
    });
    expect((await confirm(user.email, code)).statusCode).toBe(200);
  });

  it('only honours the newest code', async () => {
    const user = await createUser(db, 2);
    await requestCode(user.email);
    const first = await latestCode(user.email);
    await requestCode(user.email);
    const second = await latestCode(user.email);
    if (first.code !== second.code) {
      expect(json<ErrorBody>(await confirm(user.email, first.code)).code).toBe(IDENTITY_ERROR.CodeMismatch);
    }
    expect((await confirm(user.email, second.code)).statusCode).toBe(200);
  });

  it('mails at most 5 codes an hour per e-mail, silently', async () => {
    const user = await createUser(db, 2);
    for (let i = 0; i < 7; i++) await requestCode(user.email);
    expect(await readMail(user.email, app)).toHaveLength(5);
    clock.advance(HOUR + SECOND);
    await requestCode(user.email);
    expect(await readMail(user.email, app)).toHaveLength(6);
  });

  it('ends a sign-in lockout and every open session', async () => {
    const user = await createUser(db, 2);
    const session = await signInRaw(app, user.email, user.password);
    for (let i = 0; i < 5; i++) await signInRaw(app, user.email, 'Mala#Clave1');
    expect((await signInRaw(app, user.email, user.password)).statusCode).toBe(429);

    await requestCode(user.email);
    const { code } = await latestCode(user.email);
    expect((await confirm(user.email, code)).statusCode).toBe(200);
    expect((await signInRaw(app, user.email, NEW_PASSWORD)).statusCode).toBe(200);
    const refresh = await post('/api/identity/refresh', undefined, {
      cookies: { pp_refresh: refreshCookie(session)! },
    });
    expect(refresh.statusCode).toBe(401);
  });
});

describe('forgot-password says nothing about who exists (decision 022)', () => {
  const forgot = (email: string) => post('/api/identity/forgot-password', { email });
  const tag = `tiempo-${Date.now()}`;
  afterAll(async () => {
    // Nobody reads these codes: leave no queued requests for other tests' mail workers.
    await db.execute(sql`delete from pgboss.job where data->>'email' like ${`${tag}%`}`);
  });

  /** The SQL text of every statement `run` sends to PostgreSQL, values left out. */
  async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
    const spy = vi.spyOn(pg.Client.prototype, 'query');
    try {
      await run();
      return (
        spy.mock.calls
          .map(([query]) => (typeof query === 'string' ? query : String((query as { text?: string }).text ?? '')))
          // The rate-limit store's housekeeping runs on 1 request in 100 at random, whoever asks: not an answer's work.
          .filter((text) => !text.startsWith('delete from rate_limit_hits'))
      );
    } finally {
      spy.mockRestore();
    }
  }

  it('runs the same statements for a known and an unknown e-mail', async () => {
    const user = await createUser(db, 3, { email: `${tag}-conocido@prueba.planpiso.mx`, password: null });
    await forgot(`${tag}-calentamiento@prueba.planpiso.mx`); // pg-boss's queue, prepared once
    const known = await statementsOf(() => forgot(user.email));
    const unknown = await statementsOf(() => forgot(`${tag}-nadie@prueba.planpiso.mx`));
    expect(known.length).toBeGreaterThan(0);
    expect(known).toEqual(unknown);
  });

  it('takes as long for a known e-mail as for an unknown one (Mann–Whitney over 200 interleaved pairs)', async () => {
    const known: string[] = [];
    for (let i = 0; i < 40; i++) {
      known.push((await createUser(db, 2, { email: `${tag}-u${i}@prueba.planpiso.mx`, password: null })).email);
    }
    const time = async (email: string) => {
      const start = performance.now();
      const response = await forgot(email);
      const elapsed = performance.now() - start;
      expect(response.statusCode).toBe(200);
      return elapsed;
    };
    const a: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < 20; i++) await time(`${tag}-w${i}@prueba.planpiso.mx`); // warm-up
    for (let i = 0; i < 200; i++) {
      // Each user 5 times (the hourly cap), so today's known path would do its whole work every time.
      const email = known[i % known.length]!;
      const nobody = `${tag}-n${i}@prueba.planpiso.mx`;
      // Interleaved, in alternating order: load on the machine falls on both alike.
      if (i % 2 === 0) {
        a.push(await time(email));
        b.push(await time(nobody));
      } else {
        b.push(await time(nobody));
        a.push(await time(email));
      }
    }
    const z = mannWhitneyZ(a, b);
    // |z| < 3.9 is p > 0.0001 two-sided: the 1.5 ms of doing the per-user work in the request gave |z| far above.
    expect(
      Math.abs(z),
      `z = ${z.toFixed(2)}, medians ${median(a).toFixed(2)} / ${median(b).toFixed(2)} ms`,
    ).toBeLessThan(3.9);
  });
});

function median(xs: number[]): number {
  const sorted = [...xs].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** The Mann–Whitney U statistic of two samples as a z-score (normal approximation, ties averaged). */
function mannWhitneyZ(a: number[], b: number[]): number {
  const all = [...a.map((v) => ({ v, g: 0 })), ...b.map((v) => ({ v, g: 1 }))].sort((x, y) => x.v - y.v);
  const ranks = new Array<number>(all.length);
  for (let i = 0; i < all.length;) {
    let j = i;
    while (j + 1 < all.length && all[j + 1]!.v === all[i]!.v) j++;
    for (let k = i; k <= j; k++) ranks[k] = (i + j) / 2 + 1;
    i = j + 1;
  }
  const rankA = all.reduce((sum, item, i) => (item.g === 0 ? sum + ranks[i]! : sum), 0);
  const n1 = a.length;
  const n2 = b.length;
  const u = rankA - (n1 * (n1 + 1)) / 2;
  return (u - (n1 * n2) / 2) / Math.sqrt((n1 * n2 * (n1 + n2 + 1)) / 12);
}

describe('refresh and sign-out', () => {
  it('rotates the refresh cookie and keeps auth_time', async () => {
    const user = await createUser(db, 2);
    const first = await signInRaw(app, user.email, user.password);
    const firstCookie = refreshCookie(first)!;
    const firstClaims = decodeJwt(json<TokensBody>(first).data.accessToken);

    clock.advance(30 * MINUTE);
    const refreshed = await post('/api/identity/refresh', undefined, { cookies: { pp_refresh: firstCookie } });
    expect(refreshed.statusCode).toBe(200);
    const secondCookie = refreshCookie(refreshed)!;
    expect(secondCookie).toBeTruthy();
    expect(secondCookie).not.toBe(firstCookie);
    const claims = decodeJwt(json<TokensBody>(refreshed).data.accessToken);
    expect(claims.auth_time).toBe(firstClaims.auth_time);
    expect(claims.iat).toBe(firstClaims.iat! + 30 * 60);

    // The old cookie died with the rotation; presenting it again also revokes its successor (decision 022).
    const replay = await post('/api/identity/refresh', undefined, { cookies: { pp_refresh: firstCookie } });
    expect(replay.statusCode).toBe(401);
    expect(json<ErrorBody>(replay).code).toBe(IDENTITY_ERROR.NotAuthorized);
    expect((await post('/api/identity/refresh', undefined, { cookies: { pp_refresh: secondCookie } })).statusCode).toBe(
      401,
    );
  });

  it('revokes the cookie on sign-out and clears it', async () => {
    const user = await createUser(db, 2);
    const cookie = refreshCookie(await signInRaw(app, user.email, user.password))!;
    const out = await post('/api/identity/sign-out', undefined, { cookies: { pp_refresh: cookie } });
    expect(out.statusCode).toBe(200);
    const cleared = out.cookies.find((c) => c.name === 'pp_refresh')!;
    expect(cleared.value).toBe('');
    expect(cleared.path).toBe('/api/identity');
    expect((await post('/api/identity/refresh', undefined, { cookies: { pp_refresh: cookie } })).statusCode).toBe(401);
  });

  it('refuses a refresh without a cookie, or for a deactivated user', async () => {
    expect((await post('/api/identity/refresh', undefined)).statusCode).toBe(401);
    const user = await createUser(db, 2);
    const cookie = refreshCookie(await signInRaw(app, user.email, user.password))!;
    await setUserActive(db, user.id, false);
    expect((await post('/api/identity/refresh', undefined, { cookies: { pp_refresh: cookie } })).statusCode).toBe(401);
  });
});

describe('ending sessions (decision 022)', () => {
  const session = (token: string) =>
    app.inject({ method: 'GET', url: '/api/identity/session', headers: bearer(token) });
  const refresh = (cookie: string) => post('/api/identity/refresh', undefined, { cookies: { pp_refresh: cookie } });

  it('sign-out ends the access token at once, even one issued in the same second, and every refresh token', async () => {
    const user = await createUser(db, 2);
    const first = await signInRaw(app, user.email, user.password);
    const other = await signInRaw(app, user.email, user.password); // another device
    const token = json<TokensBody>(first).data.accessToken;
    expect((await session(token)).statusCode).toBe(200);

    const out = await post('/api/identity/sign-out', undefined, { cookies: { pp_refresh: refreshCookie(first)! } });
    expect(out.statusCode).toBe(200);
    const after = await session(token);
    expect(after.statusCode).toBe(401);
    expect(json<ErrorBody>(after)).toEqual({ statusCode: 401, code: 'Unauthorized', message: MESSAGES.sessionInvalid });
    expect((await session(json<TokensBody>(other).data.accessToken)).statusCode).toBe(401);
    expect((await refresh(refreshCookie(other)!)).statusCode).toBe(401);

    // The clock has not moved: a sign-in in the same second as the sign-out still works.
    expect((await session(await signIn(app, user.email))).statusCode).toBe(200);
    expect((await auditActions(user.id)).map((r) => r.action)).toContain('identity.signed-out');
  });

  it('sign-out with only the Bearer token ends the sessions too', async () => {
    const user = await createUser(db, 3);
    const token = await signIn(app, user.email);
    const out = await post('/api/identity/sign-out', undefined, { headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    expect((await session(token)).statusCode).toBe(401);
  });

  it('a password reset ends the access tokens of the old password', async () => {
    const user = await createUser(db, 2);
    const token = await signIn(app, user.email);
    await post('/api/identity/forgot-password', { email: user.email });
    const [mail] = await readMail(user.email, app);
    const code = /\b(\d{6})\b/.exec(mail!.text)![1]!;
    expect(
      (await post('/api/identity/confirm-forgot-password', { email: user.email, code, newPassword: NEW_PASSWORD }))
        .statusCode,
    ).toBe(200);
    expect((await session(token)).statusCode).toBe(401);
    expect((await session(await signIn(app, user.email, NEW_PASSWORD))).statusCode).toBe(200);
  });

  it('a resent temporary password and a deactivation end the access tokens, for good', async () => {
    const resent = await createUser(db, 3);
    const resentToken = await signIn(app, resent.email);
    const temporary = await app.services.identity.prepareTemporaryPassword();
    await transaction(db, (tx) =>
      app.services.identity.issueTemporaryPassword(
        tx,
        { id: resent.id, email: resent.email, firstname: 'Nombre3' },
        temporary,
        { actor: null, requestId: 'test', mail: 'caller' },
      ),
    );
    expect((await session(resentToken)).statusCode).toBe(401);

    const admin = await createUser(db, 1);
    const adminToken = await signIn(app, admin.email);
    const deactivated = await createUser(db, 2);
    const token = await signIn(app, deactivated.email);
    const toggle = (active: boolean, version: number) =>
      app.inject({
        method: 'PATCH',
        url: `/api/users/${deactivated.id}/active`,
        headers: bearer(adminToken),
        payload: { active, version },
      });
    const off = await toggle(false, 1);
    expect(off.statusCode, off.body).toBe(200);
    const on = await toggle(true, json<{ data: { version: number } }>(off).data.version);
    expect(on.statusCode, on.body).toBe(200);
    // Active again, but the token from before the deactivation stays dead.
    expect((await session(token)).statusCode).toBe(401);
  });

  it('a refresh token presented again after its rotation revokes its successor too', async () => {
    const user = await createUser(db, 2);
    const signedIn = await signInRaw(app, user.email, user.password);
    const otherDevice = refreshCookie(await signInRaw(app, user.email, user.password))!;
    const first = refreshCookie(signedIn)!;
    const rotated = await refresh(first);
    expect(rotated.statusCode).toBe(200);
    const second = refreshCookie(rotated)!;

    const reuse = await refresh(first);
    expect(reuse.statusCode).toBe(401);
    // The thief (or the user) holding the successor is out too ...
    expect((await refresh(second)).statusCode).toBe(401);
    // ... but another sign-in of the user is a family of its own.
    expect((await refresh(otherDevice)).statusCode).toBe(200);
  });
});

describe('access tokens', () => {
  const key = new TextEncoder().encode(TEST_JWT_SECRET);
  const session = (token: string) =>
    app.inject({ method: 'GET', url: '/api/identity/session', headers: bearer(token) });
  const claimsFor = (user: { id: number; email: string }) => ({
    email: user.email,
    token_use: 'access',
    auth_time: Math.floor(clock.now().getTime() / 1000),
  });
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

  it('shows the session of a valid token', async () => {
    const user = await createUser(db, 3);
    const token = await signIn(app, user.email);
    const response = await session(token);
    expect(response.statusCode).toBe(200);
    const { data } = json<{ data: { sub: string; email: string; exp: number; authTime: number } }>(response);
    expect(data).toEqual({
      sub: String(user.id),
      email: user.email,
      exp: decodeJwt(token).exp,
      authTime: decodeJwt(token).auth_time,
    });
  });

  it('answers 401 Unauthorized for a missing, unsigned, mis-signed, foreign-algorithm or expired token', async () => {
    const user = await createUser(db, 3);
    const unsigned = new UnsecuredJWT(claimsFor(user))
      .setSubject(String(user.id))
      .setIssuer('planpiso')
      .setIssuedAt(nowSeconds())
      .setExpirationTime(nowSeconds() + 3600)
      .encode();
    const sign = (alg: string, secret: Uint8Array, exp: number) =>
      new SignJWT(claimsFor(user))
        .setProtectedHeader({ alg })
        .setSubject(String(user.id))
        .setIssuer('planpiso')
        .setIssuedAt(exp - 3600)
        .setExpirationTime(exp)
        .sign(secret);
    const wrongSecret = await sign(
      'HS256',
      new TextEncoder().encode('otro-secreto-que-no-es-el-nuestro-123456'),
      nowSeconds() + 3600,
    );
    const otherAlg = await sign('HS512', key, nowSeconds() + 3600);
    const expired = await sign('HS256', key, nowSeconds() - 1);
    const valid = await sign('HS256', key, nowSeconds() + 3600);

    const cases: [string, Record<string, string>, string][] = [
      ['no header', {}, MESSAGES.sessionInvalid],
      ['not bearer', { authorization: `Basic ${valid}` }, MESSAGES.sessionInvalid],
      ['garbage', bearer('abc.def.ghi'), MESSAGES.sessionInvalid],
      ['alg none', bearer(unsigned), MESSAGES.sessionInvalid],
      ['wrong signature', bearer(wrongSecret), MESSAGES.sessionInvalid],
      ['HS512', bearer(otherAlg), MESSAGES.sessionInvalid],
      ['expired', bearer(expired), MESSAGES.sessionExpired],
    ];
    for (const [name, headers, message] of cases) {
      const response = await app.inject({ method: 'GET', url: '/api/identity/session', headers });
      expect(response.statusCode, name).toBe(401);
      expect(json<ErrorBody>(response), name).toEqual({ statusCode: 401, code: 'Unauthorized', message });
    }
    expect((await session(valid)).statusCode).toBe(200);
  });

  it('expires a real token after its hour', async () => {
    const user = await createUser(db, 3);
    const token = await signIn(app, user.email);
    clock.advance(ACCESS_TOKEN_TTL_SECONDS * SECOND + SECOND);
    const response = await session(token);
    expect(response.statusCode).toBe(401);
    expect(json<ErrorBody>(response).message).toBe(MESSAGES.sessionExpired);
  });

  it('does not accept the session-user copy or a challenge session as an access token', async () => {
    const user = await createUser(db, 2);
    const token = await signIn(app, user.email);
    const login = json<{ data: { token: string } }>(
      await app.inject({ method: 'POST', url: '/api/auth/login', headers: bearer(token) }),
    );
    expect((await session(login.data.token)).statusCode).toBe(401);

    const temporary = await createUser(db, 3, {
      temporary: true,
      temporaryExpiresAt: new Date(clock.now().getTime() + DAY),
    });
    const challenge = json<{ data: { session: string } }>(await signInRaw(app, temporary.email, temporary.password));
    expect((await session(challenge.data.session)).statusCode).toBe(401);
  });

  it('stops a deactivated user at the next request, whatever the token says', async () => {
    const user = await createUser(db, 3);
    const token = await signIn(app, user.email);
    await setUserActive(db, user.id, false);
    const response = await session(token);
    expect(response.statusCode).toBe(401);
    expect(json<ErrorBody>(response)).toEqual({
      statusCode: 401,
      code: 'Unauthorized',
      message: MESSAGES.userInactive,
    });
  });
});

describe('rate limit', () => {
  it('throttles identity routes per client address, in Spanish, and leaves the rest alone', async () => {
    const limited = await buildTestApp({ env: { IDENTITY_RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const address = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/identity/forgot-password',
          payload: { email: 'alguien@prueba.planpiso.mx' },
          remoteAddress: address,
        });
        codes.push(response.statusCode);
        if (response.statusCode === 429) {
          expect(json(response)).toEqual({
            statusCode: 429,
            code: 'TOO_MANY_REQUESTS',
            message: MESSAGES.tooManyRequests,
          });
          expect(response.headers['retry-after']).toBeDefined();
        }
      }
      expect(codes).toEqual([200, 200, 200, 429]);

      // Another client is not affected, nor are other routes.
      const other = await limited.app.inject({
        method: 'POST',
        url: '/api/identity/forgot-password',
        payload: { email: 'alguien@prueba.planpiso.mx' },
        remoteAddress: `${address}1`.slice(0, 15),
      });
      expect(other.statusCode).toBe(200);
      for (let i = 0; i < 5; i++) {
        const health = await limited.app.inject({ method: 'GET', url: '/api/health', remoteAddress: address });
        expect(health.statusCode).toBe(200);
      }
    } finally {
      await limited.close();
    }
  });
});
