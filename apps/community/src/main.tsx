import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './app/app.css';
import { startServiceWorker } from './lib/service-worker';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
// The render above is synchronous: the app is in place in this same task, so no frame shows both.
document.getElementById('splash')?.remove();

startServiceWorker();
