import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { SiteProviders } from './app/providers';
import { ROUTES } from './app/routes';
import './app/site.css';

const router = createBrowserRouter(ROUTES);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SiteProviders>
      <RouterProvider router={router} />
    </SiteProviders>
  </StrictMode>,
);
