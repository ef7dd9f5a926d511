/** What one field of a declarative form is: the generic form (FieldsForm) draws it. */
export interface FieldSpec {
  name: string;
  kind: 'text' | 'number' | 'boolean' | 'colour' | 'select';
  /** i18n key of the label. */
  labelKey: string;
  /** i18n key of a line under the input. */
  hintKey?: string;
  required?: boolean;
  min?: number;
  max?: number;
  maxLength?: number;
  /** A select's choices, labels already in the user's language. */
  options?: ReadonlyArray<{ value: string; label: string }>;
}

/** A form's values by field name: text, numbers and colours as typed, switches as booleans. */
export type FormValues = Record<string, string | boolean>;

/** A field's text value ('' for a switch or a missing value). */
export const textOf = (values: FormValues, name: string): string => {
  const value = values[name];
  return typeof value === 'string' ? value : '';
};

/**
 * The fields whose values the form itself can tell are wrong (required and empty, a number out of
 * its bounds); the gateway judges everything again and names the fields it refuses.
 */
export function invalidFields(fields: readonly FieldSpec[], values: FormValues): string[] {
  return fields
    .filter((field) => {
      if (field.kind === 'boolean') return false;
      const text = textOf(values, field.name).trim();
      if (text === '') return Boolean(field.required);
      if (field.kind !== 'number') return false;
      const number = Number(text);
      return !Number.isInteger(number) || (field.min !== undefined && number < field.min) || (field.max !== undefined && number > field.max);
    })
    .map((field) => field.name);
}
