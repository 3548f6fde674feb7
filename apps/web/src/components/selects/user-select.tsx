import { Select, type SelectProps } from '@mantine/core';
import type { TRole, TUser } from '@panel/shared';
import { useMemo } from 'react';
import { useChosenLabel, useChosenRow, useSearchedOptions } from './use-searched-options';

export interface UserSelectProps
  extends Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange'> {
  value: number | null;
  onChange: (userId: number | null) => void;
  /** Only people of this role (Auditoría's "Administrador": `admin`); everyone by default. */
  onlyRole?: TRole;
  /** Each option reads "Name (email)", for lists where two people may share a name. */
  withEmail?: boolean;
}

const label = (user: TUser, withEmail: boolean) => (withEmail ? `${user.name} (${user.email})` : user.name);

/**
 * A person chosen by name or email, searched on the server (the first 50 matches, narrowed as the
 * user types); the chosen one keeps its label even when it is not among the options loaded. The one
 * user select of the panel: Historial de Puntos' "Usuario" and Auditoría's "Administrador".
 */
export function UserSelect({ value, onChange, onlyRole, withEmail = false, ...props }: UserSelectProps) {
  const filter = useMemo(() => (onlyRole ? { role: onlyRole } : undefined), [onlyRole]);
  const { options, selectProps, clearSearch, showLabel } = useSearchedOptions<TUser>({
    resource: 'users',
    sort: 'name',
    perPage: 50,
    filter,
  });
  const loaded = options.data?.data ?? [];
  const extra = useChosenRow('users', value, loaded);
  const data = useMemo(() => {
    const list = extra ? [extra, ...loaded] : loaded;
    return list.map((u) => ({ value: String(u.id), label: label(u, withEmail) }));
  }, [loaded, extra, withEmail]);

  const selected = value === null ? null : String(value);
  useChosenLabel(data, selected, showLabel);

  return (
    <Select
      {...selectProps}
      clearable
      {...props}
      data={data}
      value={selected}
      onChange={(next) => {
        clearSearch();
        onChange(next === null ? null : Number(next));
      }}
    />
  );
}
