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

// Installing the worker precaches the whole app: once the page has loaded and gone idle, so none of
// it competes with the first screen's own requests on a slow connection.
const afterLoad = () => {
  if (window.requestIdleCallback) window.requestIdleCallback(startServiceWorker, { timeout: 3000 });
  else window.setTimeout(startServiceWorker, 500);
};
if (document.readyState === 'complete') afterLoad();
else window.addEventListener('load', afterLoad, { once: true });
