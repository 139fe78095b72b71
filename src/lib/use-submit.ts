import { useState } from 'react';
import { submitErrors } from './form-errors';

interface FormLike {
  setErrors(errors: Record<string, string>): void;
  getValues(): unknown;
}

/**
 * Runs a submit action and spreads its failure over the form: field errors onto the fields,
 * the rest into `formErrors` (spec §5). Resolves true when the action succeeded. `scope` is the
 * key the form's values are sent under (`{action, groom: {...}}` → 'groom'): the server's
 * `groom.first_name` then lands on the field `first_name`.
 */
export function useSubmit(form: FormLike, scope?: string) {
  const [formErrors, setFormErrors] = useState<string[]>([]);

  async function run(action: () => Promise<void>): Promise<boolean> {
    setFormErrors([]);
    try {
      await action();
      return true;
    } catch (error) {
      const values = form.getValues();
      const mapped = submitErrors(error, scope ? { [scope]: values } : values);
      form.setErrors(
        scope
          ? Object.fromEntries(
              Object.entries(mapped.fields).map(([path, text]) => [path.slice(scope.length + 1), text]),
            )
          : mapped.fields,
      );
      setFormErrors(mapped.form);
      return false;
    }
  }

  return { formErrors, run };
}
