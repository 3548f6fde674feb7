import type { TVolume, TVolumeUpsert } from '@panel/shared';
import { apiRequest } from '../../../lib/api-client';

export async function upsertVolume(input: TVolumeUpsert): Promise<TVolume> {
  const res = await apiRequest<{ data: TVolume }>('/user/volume/upsert', { method: 'POST', body: input });
  return res.data;
}
