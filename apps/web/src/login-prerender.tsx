// Built for Node only (apps/web/prerender-login.ts): renders login.html's screen to HTML at build time.
import { renderToString } from 'react-dom/server';
import { LoginDocument } from './app/login-document';

export function render(): string {
  return renderToString(<LoginDocument onSignedIn={() => {}} />);
}
