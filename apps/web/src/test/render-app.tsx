import { render, within } from '@testing-library/react';
import { beforeAll } from 'vitest';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { createAppRoutes } from '../app/routes';

/** The whole app (real route table, guards and lazy screens) at `path`, in memory. */
export function renderApp(path: string) {
  const router = createMemoryRouter(createAppRoutes(), { initialEntries: [path] });
  const view = render(<RouterProvider router={router} />);
  return { ...view, router };
}

/**
 * Loads the screen's module once before the file's tests (the first load transforms MUI and the DataGrid), outside
 * any test's time limit: `preloadScreen(() => import('./user-list'))`.
 */
export function preloadScreen(load: () => Promise<unknown>) {
  beforeAll(async () => {
    await load();
  }, 60_000);
}

/** The column headers' texts of a table or grid, in order. */
export const columnHeaders = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent);

/**
 * Acts on an element in the DOM's own notice of its arrival, before React has run the effects of the render that
 * drew it (as a quick hand or a busy machine can): resolves once `act` has run.
 */
export function actAtFirstSight(find: () => HTMLElement | null, act: (element: HTMLElement) => void): Promise<void> {
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      const element = find();
      if (!element) return;
      observer.disconnect();
      act(element);
      resolve();
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
}
