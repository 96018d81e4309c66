import { randomBytes, randomInt } from 'node:crypto';
import { hash, verify, type Options } from '@node-rs/argon2';
import { generateTemporaryPassword } from '@planpiso/domain';

// argon2id with the OWASP minimum (ARCHITECTURE §5). `2` is Algorithm.Argon2id: the package exports it as an
// ambient const enum, which isolatedModules cannot read.
const ARGON2: Options = { algorithm: 2 as Options['algorithm'], memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, ARGON2);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash is a failed sign-in, not a crash.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/**
 * A hash nobody's password matches. Unknown e-mails are verified against it so they cost the same argon2 work,
 * and take about the same time, as a wrong password for a real user.
 */
export const dummyPasswordHash = () => (dummyHash ??= hashPassword(randomBytes(24).toString('base64url')));

/** A temporary password that satisfies the new-password pattern (spec 1 §5), from a CSPRNG. */
export const newTemporaryPassword = () => generateTemporaryPassword((max) => randomInt(max));
