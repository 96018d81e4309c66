import type { Page } from 'playwright-core';

/**
 * Resolves once the page's socket.io connection is accepted (the server's CONNECT packet, '40…', on the
 * WebSocket): from then on an event for the user reaches this page. Call it before the sign-in that opens it.
 */
export function liveConnection(page: Page, timeoutMs = 20_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`No live-notifications connection within ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
    page.on('websocket', (socket) => {
      if (!socket.url().includes('/socket.io/')) return;
      socket.on('framereceived', ({ payload }) => {
        if (typeof payload === 'string' && payload.startsWith('40')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
  });
}
