import { ApiError } from '@rastro/shared';
import type { z } from 'zod';

/** How a field is edited: a switch, a choice, text, a number or a colour. */
export type FieldKind = 'boolean' | 'select' | 'text' | 'textarea' | 'integer' | 'decimal' | 'colour';

export interface FieldOption {
  value: string;
  /** A catalog key, or `label` as it is (a user's name, a language in its own words). */
  labelKey?: string;
  label?: string;
}

/**
 * One field of an admin form, declared once: the form (FieldsForm) draws it, checks it and names
 * it in a refusal from what is said here.
 */
export interface DeclaredField {
  name: string;
  kind: FieldKind;
  /** The catalog key of its label; `label` instead for a name no language translates (a map provider's). */
  labelKey?: string;
  label?: string;
  /** The catalog key of a line under the input. */
  hintKey?: string;
  /** The part of the screen it belongs to (a section's id), when the screen has parts. */
  section?: string;
  /** It may not be left empty. */
  required?: boolean;
  /**
   * Its value's check: the contract's own schema (the one the gateway judges the write with), run
   * on the typed value (typedValue), so the form refuses what the gateway would.
   */
  schema?: z.ZodType;
  /** How the gateway names it in a refusal (`colors.primary`, `attributes.rastro.lang`); its name when the same. */
  path?: string;
  /** A select's choices. */
  options?: readonly FieldOption[];
}

/** A form's values by field name, as the inputs hold them: text as typed, switches as booleans. */
export type FormValues = Record<string, string | boolean>;

/** A translated message for one field: its catalog key and values. */
export interface FieldError {
  key: string;
  values?: Record<string, unknown>;
}
export type FieldErrors = Record<string, FieldError>;

/** A field's text ('' for a switch or a missing value). */
export const textOf = (values: FormValues, name: string): string => {
  const value = values[name];
  return typeof value === 'string' ? value : '';
};

/** The fields of one section, in their declared order. */
export const fieldsOf = <F extends DeclaredField>(fields: readonly F[], section: string): F[] => fields.filter((field) => field.section === section);

const isNumeric = (kind: FieldKind) => kind === 'integer' || kind === 'decimal';

/**
 * A field's value as it is stored and checked: a switch's boolean, a number (NaN when the text is
 * not one, for the check to name; a decimal comma taken), text trimmed (a long text as typed);
 * undefined when left empty.
 */
export function typedValue(field: DeclaredField, value: string | boolean | undefined): unknown {
  if (field.kind === 'boolean') return value === true;
  const text = typeof value === 'string' ? value : '';
  if (text.trim() === '') return undefined;
  if (isNumeric(field.kind)) return Number(text.trim().replace(',', '.'));
  return field.kind === 'textarea' ? text : text.trim();
}

/** The declared fields' typed values, and nothing else the values may hold; an empty field is absent. */
export function typedValues(fields: readonly DeclaredField[], values: FormValues): Record<string, unknown> {
  return Object.fromEntries(fields.map((field): [string, unknown] => [field.name, typedValue(field, values[field.name])]).filter(([, value]) => value !== undefined));
}

function errorOf(kind: FieldKind, issue: z.core.$ZodIssue): FieldError {
  const key = (name: string) => `admin.form.invalid.${name}`;
  if (issue.code === 'too_small') return isNumeric(kind) ? { key: key('min'), values: { minimum: issue.minimum } } : { key: key('required') };
  if (issue.code === 'too_big') return { key: key(isNumeric(kind) ? 'max' : 'tooLong'), values: { maximum: issue.maximum } };
  // The contract names the formats it explains (server-settings.ts: a tile URL, a list of names).
  if (issue.message === 'url' || issue.message === 'list') return { key: key(issue.message) };
  if (kind === 'integer') return { key: key('wholeNumber') };
  if (kind === 'decimal') return { key: key('number') };
  if (kind === 'colour') return { key: key('colour') };
  if (kind === 'select') return { key: key('choice') };
  return { key: key('check') };
}

/**
 * What the form itself finds wrong, by field name: the first failure of each field's schema, or
 * an empty required field. The gateway judges everything again (refusedErrors).
 */
export function checkFields(fields: readonly DeclaredField[], values: FormValues): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of fields) {
    const value = typedValue(field, values[field.name]);
    if (value === undefined) {
      if (field.required) errors[field.name] = { key: 'admin.form.invalid.required' };
      continue;
    }
    const parsed = field.schema?.safeParse(value);
    const issue = parsed && !parsed.success ? parsed.error.issues[0] : undefined;
    if (issue) errors[field.name] = errorOf(field.kind, issue);
  }
  return errors;
}

/**
 * The fields a refusal of the gateway names (400 INVALID_INPUT, a limit's 403: `fields:
 * ['colors.primary']`), each marked to be checked.
 */
export function refusedErrors(fields: readonly DeclaredField[], error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  let named: unknown;
  try {
    named = (JSON.parse(error.body) as { fields?: unknown }).fields;
  } catch {
    return {};
  }
  const paths = Array.isArray(named) ? named.map(String) : [];
  return Object.fromEntries(fields.filter((field) => paths.includes(field.path ?? field.name)).map((field): [string, FieldError] => [field.name, { key: 'admin.form.invalid.check' }]));
}
