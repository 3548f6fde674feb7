import type { TUserImportPreview, TUserImportResult } from '@panel/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The file's bytes as they are (or a text, sent as UTF-8). */
const csvBody = (content: ArrayBuffer | string) => new Blob([content], { type: 'text/csv' });

/** Every row of the file with its problems; nothing is written. */
export async function previewImport(content: ArrayBuffer | string): Promise<TUserImportPreview> {
  const res = await apiRequest<{ data: TUserImportPreview }>('/users/import', {
    method: 'POST',
    query: { dry_run: 1 },
    body: csvBody(content),
  });
  return res.data;
}

/** Creates every row, or none (the error carries the preview in `body.preview`). */
export async function commitImport(content: ArrayBuffer | string): Promise<TUserImportResult> {
  const res = await apiRequest<{ data: TUserImportResult }>('/users/import', {
    method: 'POST',
    body: csvBody(content),
  });
  return res.data;
}

export function useCommitImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: commitImport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}
