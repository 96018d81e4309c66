import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { createAppRoutes } from '../app/routes';

/** The whole app (real route table, guards and lazy screens) at `path`, in memory. */
export function renderApp(path: string) {
  const router = createMemoryRouter(createAppRoutes(), { initialEntries: [path] });
  const view = render(<RouterProvider router={router} />);
  return { ...view, router };
}
