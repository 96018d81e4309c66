// `npm run bench`: rebuilds the web app (so the sign-in bytes are today's) and the API bundle `npm start` runs, then runs bench/run.ts under tsx on the
// large data set (`npm run seed:large`); BENCH_DURATION, BENCH_WARMUP and BENCH_ONLY are described there.
// Not part of `npm test`: the figures depend on the machine, and a load test has no place in a test run.
import {
  buildApi,
  buildWeb,
  checkNodeVersion,
  ensureBenchDependencies,
  ensureDependencies,
  run,
} from './lib/setup.mjs';
import { ensureSystemPackages } from './lib/system-packages.mjs';

checkNodeVersion();
ensureSystemPackages('bench');
ensureDependencies();
ensureBenchDependencies();
// The bench is type-checked here rather than by `npm test`, which does not install its dependencies.
if ((await run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'bench'])) !== 0) process.exit(1);
if ((await buildWeb({ force: true })) !== 0) process.exit(1);
if ((await buildApi({ force: true })) !== 0) process.exit(1);
process.exit(await run(process.execPath, ['--import', 'tsx', 'bench/run.ts']));
