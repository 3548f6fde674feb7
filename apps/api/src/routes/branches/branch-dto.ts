import type { TBranch } from '@panel/shared';

type BranchRow = {
  id: number;
  name: string;
  city: string | null;
  address: string | null;
  connectionStringEnc: string | null;
  createdAt: Date;
  updatedAt: Date;
  version: number;
};

export function toBranchDto(row: BranchRow): TBranch {
  return {
    id: row.id,
    name: row.name,
    city: row.city,
    address: row.address,
    has_connection_string: row.connectionStringEnc !== null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    version: row.version,
  };
}

/**
 * ZBranchInput's `connection_string`: absent keeps the stored value (undefined), null or blank
 * removes it (null), any other text replaces it (encrypted).
 */
export function sealConnectionString(
  value: string | null | undefined,
  encrypt: (plain: string) => string,
): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value.trim() === '') return null;
  return encrypt(value.trim());
}
