import { BranchSelect, type BranchSelectProps } from '../selects/branch-select';
import { FormField, type FormFieldProps } from './form-field';

/** The branch a record is for, in a form dialog: every branch unless one is chosen (docs/product.md#validation-messages). */
export function BranchField(props: Partial<Omit<FormFieldProps<BranchSelectProps>, 'component'>>) {
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
