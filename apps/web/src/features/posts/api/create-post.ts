import type { TPost } from '@panel/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type UploadProgress, uploadForm } from '../../../lib/upload';

export interface CreatePostInput {
  content: string;
  /** null = every branch, sent as 0 (docs/product.md#validation-messages; docs/api-contract.md). */
  branchId: number | null;
  /** "Programar": the publication time (an ISO instant); null = now. */
  publishAt?: string | null;
  images: File[];
  onProgress?: (progress: UploadProgress) => void;
}

/** POST /posts as multipart: content, branch_id and `images[]` repeated (docs/api-contract.md). */
export function toPostForm({ content, branchId, publishAt, images }: CreatePostInput): FormData {
  const form = new FormData();
  form.append('content', content);
  form.append('branch_id', String(branchId ?? 0));
  if (publishAt) form.append('publish_at', publishAt);
  for (const image of images) form.append('images[]', image, image.name);
  return form;
}

export async function createPost(input: CreatePostInput): Promise<TPost> {
  const res = await uploadForm<{ data: TPost }>('/posts', toPostForm(input), {
    onProgress: input.onProgress,
  });
  return res.data;
}

export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['posts'] }),
  });
}
