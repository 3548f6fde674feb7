import type { TStory } from '@panel/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type UploadProgress, uploadForm } from '../../../lib/upload';

export interface CreateStoryInput {
  title: string;
  active: boolean;
  /** null = every branch, sent as 0. */
  branchId: number | null;
  /** ISO instants, or null. */
  startsAt: string | null;
  endsAt: string | null;
  /** "Programar": an ISO instant in the future, or null (published now). */
  publishAt?: string | null;
  image: File;
  onProgress?: (progress: UploadProgress) => void;
}

/**
 * POST /stories as a form: title, active "1"/"0", branch_id, optional starts_at/ends_at/publish_at, image
 * (docs/api-contract.md).
 */
export function toStoryForm(input: CreateStoryInput): FormData {
  const form = new FormData();
  form.append('title', input.title);
  form.append('active', input.active ? '1' : '0');
  form.append('branch_id', String(input.branchId ?? 0));
  if (input.startsAt) form.append('starts_at', input.startsAt);
  if (input.endsAt) form.append('ends_at', input.endsAt);
  if (input.publishAt) form.append('publish_at', input.publishAt);
  form.append('image', input.image, input.image.name);
  return form;
}

export async function createStory(input: CreateStoryInput): Promise<TStory> {
  const res = await uploadForm<{ data: TStory }>('/stories', toStoryForm(input), {
    onProgress: input.onProgress,
  });
  return res.data;
}

export function useCreateStory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['stories'] }),
  });
}
