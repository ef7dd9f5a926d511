import { Field, Grid, HStack, Input, LabelledSelect, Textarea } from '@rastro/shared';
import { useTranslation } from 'react-i18next';
import type { DeclaredField, FieldError, FormValues } from './declaredFields';
import { textOf } from './declaredFields';
import { registerFormCatalogs } from './formCatalogs';

registerFormCatalogs();

export interface FieldsFormProps {
  /** Makes the inputs' ids (and test ids: `<idPrefix>-<name>`) unique on the page. */
  idPrefix: string;
  fields: readonly DeclaredField[];
  values: FormValues;
  onChange(name: string, value: string | boolean): void;
  /** What the form's check or the gateway's refusal found, by field name. */
  errors?: Readonly<Record<string, FieldError>>;
  disabled?: boolean;
  /** Two columns on a wide screen (a long form); one by default. */
  columns?: 1 | 2;
}

/** Draws declared fields (declaredFields.ts) in order: each with its label, its hint and its translated error. */
export function FieldsForm({ idPrefix, fields, values, onChange, errors = {}, disabled, columns = 1 }: FieldsFormProps) {
  return (
    <Grid templateColumns={columns === 2 ? { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' } : '1fr'} gap="3">
      {fields.map((field) => (
        <DeclaredInput key={field.name} id={`${idPrefix}-${field.name}`} field={field} values={values} error={errors[field.name]} disabled={disabled} onChange={(value) => onChange(field.name, value)} />
      ))}
    </Grid>
  );
}

interface DeclaredInputProps {
  id: string;
  field: DeclaredField;
  values: FormValues;
  error: FieldError | undefined;
  disabled: boolean | undefined;
  onChange(value: string | boolean): void;
}

function DeclaredInput({ id, field, values, error, disabled, onChange }: DeclaredInputProps) {
  const { t } = useTranslation();
  const label = field.label ?? (field.labelKey ? t(field.labelKey) : field.name);
  const notes = [field.hintKey && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  const below = (
    <>
      {field.hintKey && <Field.HelperText id={`${id}-hint`}>{t(field.hintKey)}</Field.HelperText>}
      {error && <Field.ErrorText id={`${id}-error`}>{t(error.key, error.values)}</Field.ErrorText>}
    </>
  );
  // Said to assistive technology, not to the browser: the form's own check says it, in the user's language.
  const common = { id, 'data-testid': id, 'aria-describedby': notes, 'aria-required': field.required || undefined };

  if (field.kind === 'boolean')
    // The one way a switch is drawn: a checkbox named by the label beside it.
    return (
      <Field.Root invalid={Boolean(error)} disabled={disabled}>
        <HStack gap="2">
          <input type="checkbox" {...common} checked={values[field.name] === true} disabled={disabled} onChange={(event) => onChange(event.target.checked)} />
          <Field.Label htmlFor={id}>{label}</Field.Label>
        </HStack>
        {below}
      </Field.Root>
    );

  const value = textOf(values, field.name);
  if (field.kind === 'select')
    return (
      <LabelledSelect
        id={id}
        label={label}
        value={value}
        options={(field.options ?? []).map((option) => ({ value: option.value, label: option.labelKey ? t(option.labelKey, { defaultValue: option.label ?? option.value }) : (option.label ?? option.value) }))}
        onChange={onChange}
        below={below}
        describedBy={notes}
        invalid={Boolean(error)}
        disabled={disabled}
      />
    );

  let control;
  if (field.kind === 'textarea') control = <Textarea {...common} size="sm" value={value} onChange={(event) => onChange(event.target.value)} />;
  else if (field.kind === 'colour')
    control = (
      <HStack gap="2" w="100%">
        {/* The picker and the hex text edit the same value: the picker for choosing, the text for pasting a brand's code. */}
        <Input id={`${id}-picker`} type="color" w="12" p="1" size="sm" value={/^#[0-9a-fA-F]{6}$/.test(value) ? value : '#000000'} onChange={(event) => onChange(event.target.value)} aria-label={label} />
        <Input {...common} size="sm" maxLength={7} value={value} onChange={(event) => onChange(event.target.value)} />
      </HStack>
    );
  else
    control = (
      <Input
        {...common}
        size="sm"
        inputMode={field.kind === 'integer' ? 'numeric' : field.kind === 'decimal' ? 'decimal' : undefined}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  return (
    <Field.Root invalid={Boolean(error)} disabled={disabled}>
      <Field.Label htmlFor={id}>{label}</Field.Label>
      {control}
      {below}
    </Field.Root>
  );
}
