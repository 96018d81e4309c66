import { afterEach, vi } from 'vitest';

// Run before every file of the unit project (vitest.config.ts setupFiles), even when modules are shared between
// files. The DOM part only where the file runs in jsdom (`// @vitest-environment jsdom`).

// The shell opens a socket.io connection for live notifications: a fake one in tests, which a test drives.
vi.mock('socket.io-client', async () => ({ io: (await import('./fake-socket')).fakeIo }));

if (typeof document !== 'undefined') {
  // Emotion's development sheet gives every CSS rule its own <style> element, which jsdom parses into a new
  // stylesheet: a third of a shell render's CPU time (profiled). Its production mode (insertRule into one sheet,
  // the same rules) is what the browser gets from the build; the DOM files use it too.
  const { StyleSheet } = await import('@emotion/sheet');
  const insert = StyleSheet.prototype.insert;
  StyleSheet.prototype.insert = function (this: InstanceType<typeof StyleSheet>, rule: string) {
    if (this.ctr === 0) this.isSpeedy = true;
    insert.call(this, rule);
  };

  const [{ cleanup, configure }, { queryClient }, { fakeSockets }] = await Promise.all([
    import('@testing-library/react'),
    import('../lib/query-client'),
    import('./fake-socket'),
  ]);

  // Lazy routes are transformed on first use, which can take seconds on a cold run, and more on a busy 2-core
  // machine (8 s was seen to run out under load): a wait only lasts this long when the thing never shows.
  configure({ asyncUtilTimeout: 20_000 });
  // Rendering the MUI shell in jsdom is slow on a busy 2-core machine.
  vi.setConfig({ testTimeout: 60_000 });

  // Vitest runs without globals, so Testing Library cannot register its own cleanup: done here for every DOM file.
  afterEach(() => {
    cleanup();
    // The app's query cache outlives a render; each test starts from an empty one.
    queryClient.clear();
    localStorage.clear();
    fakeSockets.length = 0;
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });
}
