import { Button, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { type ToastContent, toast } from 'react-toastify';
import { errorMessage } from './api-client';

/**
 * A button inside a toast, under its text: clicking it closes the toast, then runs `onClick`.
 * A failed load that closes its dialog offers "Reintentar" this way (issue 21, item 6), with
 * `retryAction` of components/retry-button.
 */
export interface ToastAction {
  label: string;
  onClick: () => void;
  /** Before the label, hidden from assistive technology. */
  icon?: ReactNode;
}

export interface ToastOptions {
  action?: ToastAction;
}

function content(message: string, action: ToastAction | undefined): ToastContent {
  if (!action) return message;
  return ({ closeToast }) => (
    <Stack gap={6} align="flex-start">
      <span>{message}</span>
      {/* As components/retry-button's: outline in red.9, 5.4:1 on the toast's white. */}
      <Button
        variant="outline"
        color="red.9"
        size="xs"
        leftSection={action.icon}
        onClick={() => {
          closeToast();
          action.onClick();
        }}
      >
        {action.label}
      </Button>
    </Stack>
  );
}

/**
 * One place for the panel's toasts, so every screen words and styles them alike. An error toast
 * may carry an action (`{ action: { label, onClick } }`), shown as a button under its text; the
 * text stays the spec's, alone in its own element.
 */
export const notify = {
  success: (message: string) => toast.success(message),
  error: (message: string, options?: ToastOptions) => toast.error(content(message, options?.action)),
  warning: (message: string) => toast.warning(message),
  info: (message: string) => toast.info(message),
  /** The server's message when there is one, else the screen's fallback. */
  apiError: (error: unknown, fallback: string, options?: ToastOptions) =>
    toast.error(content(errorMessage(error, fallback), options?.action)),
};
