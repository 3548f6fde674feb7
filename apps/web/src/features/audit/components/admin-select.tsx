import { UserSelect, type UserSelectProps } from '../../../components/selects/user-select';

/** Auditoría's "Administrador": an administrator chosen by name or email ("Name (email)"). */
export function AdminSelect(props: Omit<UserSelectProps, 'onlyRole' | 'withEmail'>) {
  return <UserSelect onlyRole="admin" withEmail {...props} />;
}
