// Every DOM test file imports this module. The unit project's setup file (test/setup.ts) does the per-file work
// (hooks, mocks, limits): the project shares modules between files (isolate: false), so this module is evaluated
// once per worker and a hook registered here would only run for the first file.
export {};
