import { toast } from 'react-toastify';
import { errorMessage } from './api-client';

/** One place for the panel's toasts, so every screen words and styles them alike. */
export const notify = {
  success: (message: string) => toast.success(message),
  error: (message: string) => toast.error(message),
  warning: (message: string) => toast.warning(message),
  info: (message: string) => toast.info(message),
  /** The server's message when there is one, else the screen's fallback. */
  apiError: (error: unknown, fallback: string) => toast.error(errorMessage(error, fallback)),
};
