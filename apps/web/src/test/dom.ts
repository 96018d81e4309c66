import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { queryClient } from '../lib/query-client';
import { fakeSockets } from './fake-socket';

// The shell opens a socket.io connection for live notifications: a fake one in tests, which a test drives.
vi.mock('socket.io-client', async () => ({ io: (await import('./fake-socket')).fakeIo }));

// Lazy routes are transformed on first use, which can take seconds on a cold run, and more on a busy 2-core
// machine (8 s was seen to run out under load): a wait only lasts this long when the thing never shows.
configure({ asyncUtilTimeout: 20_000 });
// Rendering the MUI shell in jsdom is slow on a busy 2-core machine.
vi.setConfig({ testTimeout: 60_000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup: every DOM test imports this.
afterEach(() => {
  cleanup();
  // The app's query cache outlives a render; each test starts from an empty one.
  queryClient.clear();
  localStorage.clear();
  fakeSockets.length = 0;
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
