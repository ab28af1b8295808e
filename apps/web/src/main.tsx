import './lib/zod-jitless';
import { startTransition, StrictMode, Suspense, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import './styles/global.css';
import { BrowserRouter } from 'react-router';
import { BrowserApp } from './app/app';
import { makeQueryClient } from './app/providers';
import { preloadPage } from './app/routes';
import { afterNextPaint } from './lib/after-paint';
import { addAppLinksWhenIdle } from './lib/app-links';
import { replayEarlyTaps } from './lib/early-taps';
import { installUserTypeDebugHelper } from './app/user-type-debug';
import { ServerDataSaver, syncDataSaverCookie } from './lib/data-saver';
import { initI18n } from './lib/i18n';
import { detectLanguage } from './lib/i18n-language';
import { registerServiceWorker } from './lib/service-worker';
import { takeSsrState } from './ssr-state';
import { HydrationState, useHydrating } from './lib/hydration';

/** However long the texts or the page's code take, the app is drawn after this (it then waits inside). */
const FIRST_DRAW_WAIT_MS = 4000;

// A public page comes drawn by the server (entry-server.tsx) with the state it was drawn with.
const drawn = takeSsrState();
// Hydrated when the browser draws the very same page: the server's data and this device's language
// (the server reads it from the cookie the app keeps; a choice kept without it is drawn anew).
const hydrating = drawn?.hydrate === true && drawn.lng === detectLanguage();
const textsReady = initI18n(drawn?.ns);
syncDataSaverCookie();
installUserTypeDebugHelper();
// The offline shell (docs/offline.md); never in development, where files change under it.
if (import.meta.env.PROD) registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');

const client = makeQueryClient();
if (drawn && hydrating) hydrate(client, drawn.queries);

/**
 * Marks the page once the app has started (drawn or hydrated, its first effects run):
 * `<html data-app="started">`. Until then a drawn page is the server's HTML, whose links work but
 * whose buttons are held by its boot script; browser journeys wait for this mark before they act
 * (e2e/support/fixtures.ts). Then the buttons tapped before are tapped again (lib/early-taps.ts),
 * in a task of their own, after every effect of the first commit (the forms' fields read).
 */
function AppStarted({ children }: { children: ReactNode }): ReactNode {
  // A hydrated page has started once what only the browser knows is drawn (the session above all:
  // a tap replayed before would be a visitor's).
  const hydrating = useHydrating();
  useEffect(() => {
    if (hydrating) return;
    document.documentElement.dataset.app = 'started';
    setTimeout(replayEarlyTaps, 0);
  }, [hydrating]);
  // Around the app, not beside it: a sibling would change the tree's shape, and with it the ids
  // useId gives, against the server's page.
  return children;
}

const app = (
  <StrictMode>
    <Suspense fallback={null}>
      <HydrationState hydrating={hydrating}>
        <ServerDataSaver.Provider value={hydrating && drawn ? drawn.dataSaver : false}>
          {/* Navigations apply at once, as React Router's data router did: a filter's control shows
            its new value on the tap, not when the new answer has come (a transition would hold
            the old page, its controls included, until then). */}
          <BrowserRouter useTransitions={false}>
            <AppStarted>
              <BrowserApp client={client} />
            </AppStarted>
          </BrowserRouter>
        </ServerDataSaver.Provider>
      </HydrationState>
    </Suspense>
  </StrictMode>
);

/**
 * The page the server drew is hydrated once its texts and its page's code are here (the same
 * texts, so the same HTML), and once the browser has shown it: the server's page, its first photo
 * included when it has come, is on the screen before the long task of hydrating (when the scripts
 * came quickly, the browser ran them before its first paint, and the photo waited for the whole
 * hydration). Any other page is drawn then too, as drawing before would draw an empty shell only
 * to draw it again, one more long task on a slow phone: in a task of its own, apart from the work
 * of starting the scripts.
 */
void Promise.race([Promise.all([textsReady, preloadPage(window.location.pathname)]), new Promise((resolve) => setTimeout(resolve, FIRST_DRAW_WAIT_MS))]).then(
  () => {
    const start = () => {
      // Hydrated as a transition: React works through it in slices of a few milliseconds, giving
      // the phone back between them (a tap, a scroll), instead of in one long task, all of it counted as
      // blocking time (docs/performance.md, 'Figures behind choices in the code').
      if (hydrating) startTransition(() => void hydrateRoot(root, app));
      else {
        // A page the server drew but the browser cannot hydrate as is (a call failed, another
        // language): drawn anew.
        if (drawn) root.replaceChildren();
        createRoot(root).render(app);
      }
      // The icons and the manifest once the first screen is shown (lib/app-links.ts).
      afterNextPaint(() => addAppLinksWhenIdle(import.meta.env.BASE_URL));
    };
    if (hydrating) afterNextPaint(start);
    else setTimeout(start, 0);
  },
);
