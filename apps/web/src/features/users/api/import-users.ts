import type { TUserImportPreview, TUserImportResult } from '@panel/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const csvBody = (text: string) => new Blob([text], { type: 'text/csv' });

/** Every row of the file with its problems; nothing is written. */
export async function previewImport(text: string): Promise<TUserImportPreview> {
  const res = await apiRequest<{ data: TUserImportPreview }>('/users/import', {
    method: 'POST',
    query: { dry_run: 1 },
    body: csvBody(text),
  });
  return res.data;
}

/** Creates every row, or none (the error carries the preview in `body.preview`). */
export async function commitImport(text: string): Promise<TUserImportResult> {
  const res = await apiRequest<{ data: TUserImportResult }>('/users/import', {
    method: 'POST',
    body: csvBody(text),
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
