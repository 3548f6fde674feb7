import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { usePermissions } from '../../lib/permissions';
import { BranchSelect, type BranchSelectProps } from '../selects/branch-select';
import { FormField, type FormFieldProps } from './form-field';

/**
 * A branch manager's forms hold their own branch (lib/permissions.ts): the form's `name` field starts
 * there whatever the record's defaults say, as its default (so the form is not "changed" by it).
 * Nothing for an administrator.
 */
export function useOwnBranchDefault(name = 'branch_id') {
  const own = usePermissions().ownBranch?.id ?? null;
  const { control, resetField } = useFormContext();
  const value = useWatch({ control, name });
  // Again after each reset of the form (each opening), which puts the record's defaults back.
  useEffect(() => {
    if (own !== null && value !== own) resetField(name, { defaultValue: own });
  }, [own, value, name, resetField]);
}

/** The branch a record is for, in a form dialog: every branch unless one is chosen (docs/product.md#validation-messages). */
export function BranchField(props: Partial<Omit<FormFieldProps<BranchSelectProps>, 'component'>>) {
  useOwnBranchDefault(props.name);
  return (
    <FormField
      name="branch_id"
      component={BranchSelect}
      label="Sucursal"
      allLabel="Todas las sucursales"
      {...props}
    />
  );
}
