import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/global.css';
import { App } from './app/app';
import { installUserTypeDebugHelper } from './app/user-type-debug';
import { initI18n } from './lib/i18n';

initI18n();
installUserTypeDebugHelper();

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');

createRoot(root).render(
  <StrictMode>
    <Suspense fallback={null}>
      <App />
    </Suspense>
  </StrictMode>,
);
