// `npm run seed:large`: the large data set the benchmarks read (bench/seed-large.ts under tsx), in its own embedded
// PostgreSQL in data/pg-large (or DATABASE_URL_LARGE). `npm run seed:large -- --fresh` rebuilds it.
import { checkNodeVersion, ensureBenchDependencies, ensureDependencies, run } from './lib/setup.mjs';

checkNodeVersion();
ensureDependencies();
ensureBenchDependencies();
process.exit(await run(process.execPath, ['--import', 'tsx', 'bench/seed-large.ts', ...process.argv.slice(2)]));
