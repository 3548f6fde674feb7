import { apiRequest } from '../../../lib/api-client';

export function deleteVolume(id: number): Promise<void> {
  return apiRequest<void>(`/user/volume/${id}`, { method: 'DELETE' });
}
