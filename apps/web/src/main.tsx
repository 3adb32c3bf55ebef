import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/router';

// After a new release, a tab still holding the old index.html asks for chunk names that no longer
// exist (routes load lazily): reload once to pick up the new build instead of showing a blank page.
window.addEventListener('vite:preloadError', (event) => {
  if (sessionStorage.getItem('biddesk.reloadedForNewBuild')) return;
  sessionStorage.setItem('biddesk.reloadedForNewBuild', '1');
  event.preventDefault();
  window.location.reload();
});
window.addEventListener('load', () => setTimeout(() => sessionStorage.removeItem('biddesk.reloadedForNewBuild'), 10_000));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <AppProviders>
        <AppRoutes />
      </AppProviders>
    </BrowserRouter>
  </StrictMode>,
);
