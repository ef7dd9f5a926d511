import { useCallback, useState } from 'react';
import { checkFields, refusedErrors, typedValues, type DeclaredField, type FieldErrors, type FormValues } from './declaredFields';

export interface FieldsFormState {
  values: FormValues;
  errors: FieldErrors;
  /** Starts again from these values (another administrator's save, a reload), errors gone. */
  reset(values: FormValues): void;
  /** One input changed: its value kept, its error gone. */
  change(name: string, value: string | boolean): void;
  /** Checks every field and shows what is wrong: the typed values to send, or null. */
  check(): Record<string, unknown> | null;
  /** Marks the fields a refusal of the gateway names; true when it named any. */
  refused(error: unknown): boolean;
}

/** A declared form's values and errors, for FieldsForm to draw. */
export function useFieldsForm(fields: readonly DeclaredField[], initial: () => FormValues): FieldsFormState {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});

  const reset = useCallback((next: FormValues) => {
    setValues(next);
    setErrors({});
  }, []);
  const change = useCallback((name: string, value: string | boolean) => {
    setValues((before) => ({ ...before, [name]: value }));
    setErrors(({ [name]: _gone, ...rest }) => rest);
  }, []);
  const check = () => {
    const found = checkFields(fields, values);
    setErrors(found);
    return Object.keys(found).length === 0 ? typedValues(fields, values) : null;
  };
  const refused = (error: unknown) => {
    const found = refusedErrors(fields, error);
    setErrors(found);
    return Object.keys(found).length > 0;
  };
  return { values, errors, reset, change, check, refused };
}
