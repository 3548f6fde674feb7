import type { TTargetUnits } from '@panel/shared';
import { monthlyTargetUnits } from '../../db/schema/targets.ts';

export const unitsColumns = {
  id: monthlyTargetUnits.id,
  userId: monthlyTargetUnits.userId,
  supplierId: monthlyTargetUnits.supplierId,
  brandId: monthlyTargetUnits.brandId,
  year: monthlyTargetUnits.year,
  month: monthlyTargetUnits.month,
  units: monthlyTargetUnits.units,
  updatedAt: monthlyTargetUnits.updatedAt,
};

type UnitsRow = {
  id: number;
  userId: number;
  supplierId: number;
  brandId: number;
  year: number;
  month: number;
  units: number | null;
  updatedAt: Date;
};

export function toUnitsDto(row: UnitsRow): TTargetUnits {
  return {
    id: row.id,
    user_id: row.userId,
    supplier_id: row.supplierId,
    brand_id: row.brandId,
    year: row.year,
    month: row.month,
    units: row.units,
    updated_at: row.updatedAt.toISOString(),
  };
}
