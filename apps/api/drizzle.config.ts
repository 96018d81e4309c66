import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` (from the repository root) writes a new SQL migration into apps/api/drizzle/ from the
// schema files; the migrations are committed and applied at start by runMigrations (src/db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/api/src/db/schema/*.ts',
  out: './apps/api/drizzle',
  casing: undefined,
  strict: true,
  verbose: true,
});
