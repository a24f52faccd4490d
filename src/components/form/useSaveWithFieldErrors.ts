import { setSubmissionErrors, useSaveContext } from 'react-admin';
import { useFormContext, type FieldValues } from 'react-hook-form';

/**
 * The form's save for a custom button (e.g. after a confirm dialog): the API's field errors land
 * under the fields, as when react-admin's own SaveButton submits.
 */
export function useSaveWithFieldErrors() {
  const { save, saving } = useSaveContext();
  const { setError } = useFormContext();
  const run = async (values: FieldValues) => {
    const errors = await save?.(values);
    if (errors) setSubmissionErrors(errors as FieldValues, setError);
    return errors;
  };
  return { save: run, saving: Boolean(saving) };
}
