import { Select, type SelectProps } from '@mantine/core';
import type { TUser } from '@panel/shared';
import { useMemo } from 'react';
import { useChosenRow, useSearchedOptions } from '../../../components/selects/use-searched-options';

const ADMINS = { role: 'admin' };

interface AdminSelectProps extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  value: number | null;
  onChange: (userId: number | null) => void;
}

/** An administrator chosen by name or email, searched on the server; keeps the chosen one's label. */
export function AdminSelect({ value, onChange, ...props }: AdminSelectProps) {
  const { options, selectProps, clearSearch } = useSearchedOptions<TUser>({
    resource: 'users',
    sort: 'name',
    perPage: 50,
    filter: ADMINS,
  });
  const loaded = options.data?.data ?? [];
  const extra = useChosenRow('users', value, loaded);
  const data = useMemo(() => {
    const list = extra ? [extra, ...loaded] : loaded;
    return list.map((u) => ({ value: String(u.id), label: `${u.name} (${u.email})` }));
  }, [loaded, extra]);

  return (
    <Select
      {...selectProps}
      clearable
      {...props}
      data={data}
      value={value === null ? null : String(value)}
      onChange={(next) => {
        clearSearch();
        onChange(next === null ? null : Number(next));
      }}
    />
  );
}
