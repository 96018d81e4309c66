// The order the API test files start in (vitest.config.ts's sequencer). Vitest runs the files it has timed longest
// first, but only from its own cache, which a clean clone (CI) does not have: it then starts the largest files first,
// and the fault suite's small files, each a minute or more of work, started last and ran alone at the end. So the
// measured times live in the repository (apps/api/test/durations.json, refreshed by `npm run test:durations` after
// a quiet `npm run test:api`), and the files start longest first, which keeps every worker busy to the end.

/**
 * `items` in start order: the ones never measured first (as vitest does: a new file may be long), then the measured
 * ones longest first; ties keep their given order.
 */
export function longestFirst(items, durationOf) {
  const weight = (item) => durationOf(item) ?? Number.POSITIVE_INFINITY;
  return items
    .map((item, index) => ({ item, index, weight: weight(item) }))
    .sort((a, b) => (b.weight === a.weight ? a.index - b.index : b.weight > a.weight ? 1 : -1))
    .map(({ item }) => item);
}

/** vitest's results cache (`{ results: [['api:path', { duration }], …] }`) as `{ path: ms }` for one project. */
export function durationsOf(results, project) {
  const prefix = `${project}:`;
  return Object.fromEntries(
    results.results
      .filter(([key, result]) => key.startsWith(prefix) && !result.failed && result.duration > 0)
      .map(([key, result]) => [key.slice(prefix.length), Math.round(result.duration)])
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
}
