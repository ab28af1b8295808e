import './lib/zod-jitless';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/global.css';
import { App } from './app/app';
import { routerReady } from './app/router';
import { afterNextPaint } from './lib/after-paint';
import { addAppLinksWhenIdle } from './lib/app-links';
import { installUserTypeDebugHelper } from './app/user-type-debug';
import { syncDataSaverCookie } from './lib/data-saver';
import { initI18n } from './lib/i18n';
import { registerServiceWorker } from './lib/service-worker';

/** However long the texts or the page's code take, the app is drawn after this (it then waits inside). */
const FIRST_DRAW_WAIT_MS = 4000;

const textsReady = initI18n();
syncDataSaverCookie();
installUserTypeDebugHelper();
// The offline shell (docs/offline.md); never in development, where files change under it.
if (import.meta.env.PROD) registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');

/**
 * The app is drawn once the first screen's texts and its page's code are here: both are asked for
 * at once (and named in the page the server sends), and drawing before would draw an empty shell
 * only to draw it again, one more long task on a slow phone. Drawn in a task of its own, apart
 * from the work of starting the scripts.
 */
void Promise.race([Promise.all([textsReady, routerReady()]), new Promise((resolve) => setTimeout(resolve, FIRST_DRAW_WAIT_MS))]).then(() =>
  setTimeout(() => {
    createRoot(root).render(
      <StrictMode>
        <Suspense fallback={null}>
          <App />
        </Suspense>
      </StrictMode>,
    );
    // The icons and the manifest once the first screen is shown (lib/app-links.ts).
    afterNextPaint(() => addAppLinksWhenIdle(import.meta.env.BASE_URL));
  }, 0),
);
