/**
 * Reads a JWT's payload without verifying it. The browser only needs the claims (exp, iat, auth_time, the
 * session user); the server verifies every token it receives.
 */
export function decodeJwtPayload(token: string | null | undefined): Record<string, unknown> | null {
  const part = token?.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    // TextDecoder, not atob alone: names carry accents (UTF-8).
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export type AccessClaims = { exp: number; iat?: number; authTime?: number; sub?: string };

export function accessClaims(token: string | null | undefined): AccessClaims | null {
  const payload = decodeJwtPayload(token);
  if (!payload || typeof payload.exp !== 'number') return null;
  const num = (v: unknown) => (typeof v === 'number' ? v : undefined);
  return {
    exp: payload.exp,
    iat: num(payload.iat),
    authTime: num(payload.auth_time),
    sub: typeof payload.sub === 'string' ? payload.sub : undefined,
  };
}
