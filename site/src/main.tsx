import { loadLanguage } from '@kib/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { siteApi } from './app/api';
import { SiteProviders } from './app/providers';
import { ROUTES } from './app/routes';
import { startSession } from './auth/auth';
import { initialLanguage } from './i18n/language';
import './app/site.css';

// The session's refresh leaves first, before React and the page's chunk are even started.
void startSession(siteApi());
// The router starts loading the page's chunk at once; a reader whose language is not Spanish (the
// bundle's) waits for its texts meanwhile, so the first render is already in that language.
const router = createBrowserRouter(ROUTES);
const language = loadLanguage(initialLanguage()).catch(() => undefined);

void language.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <SiteProviders>
        <RouterProvider router={router} />
      </SiteProviders>
    </StrictMode>,
  ),
);
