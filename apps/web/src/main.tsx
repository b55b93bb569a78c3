import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './styles/base.css';
import './i18n/index.ts';
import { App } from './app/app.tsx';
import { markHydrating } from './app/hydration.ts';

// The pages' CSP allows no eval, so the validation library's compiled parsers can never run here.
// Told so before any schema is built, it does not try (each try was reported as a CSP violation).
// zod reads its settings from this global, which its config() writes and every copy of it shares;
// set here, the entry does not load zod to call config().
const validation = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
validation.__zod_globalConfig = { ...validation.__zod_globalConfig, jitless: true };

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// The server renders the first screen of the public pages (entry-server.tsx): the app takes over
// that HTML instead of drawing the page again. Other pages arrive empty and are drawn here.
// Hydrating as a transition lets React pause every few milliseconds for the browser (a tap, a
// frame) instead of taking the page over in one long task.
if (container.firstElementChild) {
  markHydrating();
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  createRoot(container).render(app);
}
