import type { TVolume } from '@panel/shared';
import { monthlyVolumes } from '../../db/schema/targets.ts';

export const volumeColumns = {
  id: monthlyVolumes.id,
  userId: monthlyVolumes.userId,
  year: monthlyVolumes.year,
  month: monthlyVolumes.month,
  targetAmount: monthlyVolumes.targetAmount,
  createdAt: monthlyVolumes.createdAt,
  updatedAt: monthlyVolumes.updatedAt,
};

type VolumeRow = {
  id: number;
  userId: number;
  year: number;
  month: number;
  /** numeric(14,2) arrives as text: exact, and within a double's exact range. */
  targetAmount: string;
  createdAt: Date;
  updatedAt: Date;
};

export function toVolumeDto(row: VolumeRow): TVolume {
  return {
    id: row.id,
    user_id: row.userId,
    year: row.year,
    month: row.month,
    target_amount: Number(row.targetAmount),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
