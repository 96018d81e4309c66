import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher, type CaughtMessage, type MailCatcher } from './mail-catcher';

let catcher: MailCatcher;
beforeAll(async () => {
  catcher = await startMailCatcher({ smtpPort: 0, httpPort: 0, maxMessages: 3 });
});
afterAll(() => catcher.stop());

/** A minimal SMTP client: enough to prove the catcher speaks SMTP to any sender. */
function sendMail(port: number, from: string, to: string[], subject: string, text: string): Promise<void> {
  const commands = [
    'EHLO prueba.local',
    `MAIL FROM:<${from}>`,
    ...to.map((r) => `RCPT TO:<${r}>`),
    'DATA',
    [
      `From: ${from}`,
      `To: ${to.join(', ')}`,
      `Subject: ${subject}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      text,
      '.',
    ].join('\r\n'),
    'QUIT',
  ];
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let buffer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      // Each complete reply (last line "NNN ") lets the next command go.
      while (/^\d{3} .*\r\n/m.test(buffer)) {
        const match = /^(\d{3}) .*\r\n/m.exec(buffer)!;
        buffer = buffer.slice(match.index + match[0].length);
        if (Number(match[1]) >= 400) return reject(new Error(match[0]));
        const next = commands.shift();
        if (next === undefined) return;
        socket.write(`${next}\r\n`);
      }
    });
    socket.on('close', () => resolve());
    socket.on('error', reject);
  });
}

const http = (path: string, init?: RequestInit) => fetch(`http://127.0.0.1:${catcher.httpPort}${path}`, init);
const messages = async (query = '') =>
  ((await (await http(`/mail/api/messages${query}`)).json()) as { data: CaughtMessage[] }).data;

describe('mail catcher', () => {
  it('reports the real ports when asked for port 0', () => {
    expect(catcher.smtpPort).toBeGreaterThan(0);
    expect(catcher.httpPort).toBeGreaterThan(0);
  });

  it('keeps what it receives, newest first, filters by recipient and empties on DELETE', async () => {
    await sendMail(catcher.smtpPort, 'no-reply@planpiso.mx', ['Ana@Prueba.mx'], 'Primero', 'Hola Ana');
    await sendMail(catcher.smtpPort, 'no-reply@planpiso.mx', ['beto@prueba.mx'], 'Segundo', 'Código: 123456');

    const all = await messages();
    expect(all.map((m) => m.subject)).toEqual(['Segundo', 'Primero']);
    expect(all[1]).toMatchObject({
      from: 'no-reply@planpiso.mx',
      to: ['ana@prueba.mx'],
      text: expect.stringContaining('Hola Ana'),
    });
    expect(new Date(all[0]!.receivedAt).getTime()).not.toBeNaN();

    expect((await messages('?to=ANA@prueba.mx')).map((m) => m.subject)).toEqual(['Primero']);

    const page = await http('/mail');
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('Bandeja de correo de prueba');
    expect(html).toContain('Segundo');
    expect(html).toContain('beto@prueba.mx');

    expect((await http('/mail/api/messages', { method: 'DELETE' })).status).toBe(200);
    expect(await messages()).toEqual([]);
    expect(await (await http('/mail')).text()).toContain('No hay correos.');
  });

  it('drops the oldest messages past its cap', async () => {
    for (const n of [1, 2, 3, 4]) await sendMail(catcher.smtpPort, 'a@b.mx', ['c@d.mx'], `Correo ${n}`, 'x');
    expect((await messages()).map((m) => m.subject)).toEqual(['Correo 4', 'Correo 3', 'Correo 2']);
  });

  it('escapes what it shows', async () => {
    await sendMail(catcher.smtpPort, 'a@b.mx', ['c@d.mx'], '<script>alert(1)</script>', 'x');
    const html = await (await http('/mail')).text();
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});
