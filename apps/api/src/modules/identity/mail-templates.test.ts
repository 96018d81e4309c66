import { describe, expect, it } from 'vitest';
import { resetCodeMail, temporaryPasswordMail } from './mail-templates';

const user = { email: 'ana@example.com', firstname: 'Ana' };
// 14:30 UTC is 8:30 a.m. in Mexico City: es-MX writes the time 'a.m.', with its own final period.
const morning = new Date('2026-11-24T14:30:00Z');

describe('identity mail templates', () => {
  it('ends the temporary password expiry sentence with a single period', () => {
    const mail = temporaryPasswordMail(user, 'Tmp#12345', morning, 'https://planpiso.test');
    expect(mail.text).toContain('La contraseña temporal vence el 24 de noviembre de 2026 a las 8:30 a.m.\n');
    expect(mail.text).not.toMatch(/\.\./);
    expect(mail.html).not.toMatch(/\.\./);
    expect(mail.text).toContain('Al iniciar sesión en https://planpiso.test/login se te pedirá que la cambies');
  });

  it('writes no double period in the reset code mail', () => {
    const mail = resetCodeMail(user, '123456', morning);
    expect(mail.text).not.toMatch(/\.\./);
  });
});
