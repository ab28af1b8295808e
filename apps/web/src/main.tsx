import './lib/zod-jitless';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/global.css';
import { App } from './app/app';
import { installUserTypeDebugHelper } from './app/user-type-debug';
import { initI18n } from './lib/i18n';
import { registerServiceWorker } from './lib/service-worker';

initI18n();
installUserTypeDebugHelper();
// The offline shell (docs/offline.md); never in development, where files change under it.
if (import.meta.env.PROD) registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');

createRoot(root).render(
  <StrictMode>
    <Suspense fallback={null}>
      <App />
    </Suspense>
  </StrictMode>,
);
