/** What the detail hands the list after a saved review (router state): the server's message (spec 3 §8). */
export type ReviewSaved = { reviewSaved: string };

export const savedState = (message: string): ReviewSaved => ({ reviewSaved: message });

export function savedMessageOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('reviewSaved' in state)) return null;
  const message = (state as ReviewSaved).reviewSaved;
  return typeof message === 'string' ? message : null;
}
