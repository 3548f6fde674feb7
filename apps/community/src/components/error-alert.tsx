import type { ReactNode } from 'react';

/**
 * A failure the screen reports (the server's refusal, a load that failed), read out at once; nothing
 * when there is none. lib/focus-first-error.ts brings a form's one into view (`alert--error`).
 */
export function ErrorAlert({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p className="alert alert--error" role="alert">
      {children}
    </p>
  );
}
