import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { longestFirst } from './scripts/lib/test-order.mjs';

/** How long each API test file took last time it was measured (`npm run test:durations`). */
const apiDurations: Record<string, number> = JSON.parse(
  readFileSync(new URL('./apps/api/test/durations.json', import.meta.url), 'utf8'),
);

/** Vitest's order (by project), then the API files longest first by their committed times (scripts/lib/test-order.mjs). */
class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isApi = (spec: TestSpecification) => spec.project.name === 'api';
    const api = longestFirst(
      sorted.filter(isApi),
      (spec) => apiDurations[relative(this.ctx.config.root, spec.moduleId)],
    );
    // The base order keeps each project's files together: the API's take the same places, reordered.
    return sorted.map((spec) => (isApi(spec) ? api.shift()! : spec));
  }
}

// Two projects: `unit` (pure rules, components and the repository scripts' helpers, no database) and `api`
// (integration tests against a real PostgreSQL started once per run by the global setup, a throwaway database
// per run).
export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/domain/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs'],
          environment: 'node',
          // Files share one worker's modules and jsdom window (isolate: false): MUI, the data grid and jsdom load
          // once per worker instead of once per file, which halved the CPU time of the DOM files. Per-file hooks
          // (cleanup, mocks) live in the setup file, which runs before every file.
          setupFiles: ['apps/web/src/test/setup.ts'],
          isolate: false,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts', 'apps/simulators/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/api/test/global-setup.ts'],
          // After each file: the API log its apps wrote holds no personal data (issue 27 item 3).
          setupFiles: ['apps/api/test/log-scan-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // A worker keeps its modules from one file to the next (isolate: false): each file used to import the
          // whole API afresh (~6 s of CPU per file, 550 s summed), and the API stage went from 490 s to 285 s. The
          // files share no module state: each builds its own app and database (harness.ts).
          isolate: false,
          // Three files at a time on two cores: an API file spends most of its time waiting on PostgreSQL and HTTP,
          // so the default (cores − 1 = one worker) left the machine half idle (707 s → 500 s on a quiet run).
          maxWorkers: 3,
        },
      },
    ],
  },
});
