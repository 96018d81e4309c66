/**
 * What the SIGKILL fault tests share (issue 27, "Faults with nothing lost"): kill moments drawn from a fixed seed, and
 * signing in on a child API process (support/child-api.ts) by its port.
 */

/** mulberry32: the kill moments are the same on every run of the suite. */
export function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

/** A session on the API process listening on `port`: its access token. */
export async function signInOn(port: number, user: { email: string; password: string }): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/api/identity/sign-in`, {
    method: 'POST',
    body: JSON.stringify({ email: user.email, password: user.password }),
    headers: { 'content-type': 'application/json' },
  });
  return ((await response.json()) as { data: { accessToken: string } }).data.accessToken;
}
