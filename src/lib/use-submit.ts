import { useState } from 'react';
import { submitErrors } from './form-errors';

interface FormLike {
  setErrors(errors: Record<string, string>): void;
  getValues(): unknown;
}

/**
 * Runs a submit action and spreads its failure over the form: field errors onto the fields,
 * the rest into `formErrors` (spec §5). Resolves true when the action succeeded.
 */
export function useSubmit(form: FormLike) {
  const [formErrors, setFormErrors] = useState<string[]>([]);

  async function run(action: () => Promise<void>): Promise<boolean> {
    setFormErrors([]);
    try {
      await action();
      return true;
    } catch (error) {
      const mapped = submitErrors(error, form.getValues());
      form.setErrors(mapped.fields);
      setFormErrors(mapped.form);
      return false;
    }
  }

  return { formErrors, run };
}
