import { errorMessage } from '../lib/api';
import { Spinner } from './spinner';

/** What a screen shows while its data loads or after it failed (with a retry). */
export function LoadState({
  isPending,
  error,
  fallback,
  onRetry,
}: {
  isPending: boolean;
  error: unknown;
  fallback: string;
  onRetry: () => void;
}) {
  if (isPending) return <Spinner />;
  if (!error) return null;
  return (
    <div className="empty" role="alert">
      <p>{errorMessage(error, fallback)}</p>
      <button type="button" className="button" onClick={onRetry}>
        Reintentar
      </button>
    </div>
  );
}
