import { Alert, Progress, Stack, Text } from '@mantine/core';
import { MEDIA_MSG } from '@panel/shared';
import { useState } from 'react';
import { errorMessage } from '../lib/api-client';
import type { UploadProgress } from '../lib/upload';

/** The state of a dialog that uploads images: its progress while sending, and its last failure. */
export function useUploadStatus() {
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  return {
    progress,
    failure,
    reset: () => {
      setProgress(null);
      setFailure(null);
    },
    /** Sends with a progress bar; the last failure goes away. */
    send: async <R,>(upload: (onProgress: (progress: UploadProgress) => void) => Promise<R>): Promise<R> => {
      setFailure(null);
      setProgress(0);
      try {
        return await upload((p) => setProgress(p.percent));
      } finally {
        setProgress(null);
      }
    },
    /** docs/product.md#messages: besides the toast, the dialog says "Error: <message>" ("Error desconocido" without one). */
    fail: (error: unknown) => setFailure(`Error: ${errorMessage(error, MEDIA_MSG.unknownError)}`),
  };
}

interface UploadStatusProps {
  status: Pick<ReturnType<typeof useUploadStatus>, 'progress' | 'failure'>;
  /** What is sent: "imagen" or "imágenes". */
  what: string;
  /** The progress text's id, which labels the bar. */
  id: string;
}

/** The upload's progress ("Subiendo…", then "Procesando…" while the server resizes) and its failure. */
export function UploadStatus({ status: { progress, failure }, what, id }: UploadStatusProps) {
  return (
    <>
      {progress !== null && (
        <Stack gap={4}>
          <Text size="xs" c="dimmed" id={id}>
            {progress < 100 ? `Subiendo ${what}… ${progress}%` : `Procesando ${what}…`}
          </Text>
          <Progress value={progress} aria-labelledby={id} animated={progress >= 100} />
        </Stack>
      )}
      {failure && (
        <Alert color="red" variant="light" role="alert" title={MEDIA_MSG.postSaveError}>
          {failure}
        </Alert>
      )}
    </>
  );
}
