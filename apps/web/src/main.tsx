import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { installSpanishZodMessages } from '@planpiso/domain';
import { createAppRoutes } from './app/routes';
import './app/base.css';

// No zod default (English) message may reach a user: the catalogue's Spanish ones replace them (issue 14 §1.2).
installSpanishZodMessages();

const router = createBrowserRouter(createAppRoutes());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
