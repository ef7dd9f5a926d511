import { Box, Checkbox, Field, HStack, Input, NativeSelect, Stack } from '@rastro/shared';
import { useTranslation } from 'react-i18next';
import { textOf, type FieldSpec, type FormValues } from './fieldSpec';

export interface FieldsFormProps {
  /** Makes the inputs' ids unique on the page (two forms may show the same field). */
  idPrefix: string;
  fields: readonly FieldSpec[];
  values: FormValues;
  onChange(name: string, value: string | boolean): void;
  /** Fields marked invalid, by the form's own check or the gateway's answer. */
  invalid?: readonly string[];
  disabled?: boolean;
}

/** Draws declared fields (fieldSpec.ts): one labelled input each, in order. */
export function FieldsForm({ idPrefix, fields, values, onChange, invalid = [], disabled }: FieldsFormProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="3">
      {fields.map((field) => {
        const id = `${idPrefix}-${field.name}`;
        const label = t(field.labelKey);
        const isInvalid = invalid.includes(field.name);
        const hint = field.hintKey ? <Field.HelperText>{t(field.hintKey)}</Field.HelperText> : null;
        if (field.kind === 'boolean')
          return (
            <Field.Root key={field.name} disabled={disabled}>
              <Checkbox.Root checked={values[field.name] === true} onCheckedChange={(change) => onChange(field.name, change.checked === true)} data-testid={id}>
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{label}</Checkbox.Label>
              </Checkbox.Root>
              {hint}
            </Field.Root>
          );
        const value = textOf(values, field.name);
        let control;
        if (field.kind === 'select')
          control = (
            <NativeSelect.Root size="sm">
              <NativeSelect.Field id={id} value={value} onChange={(event) => onChange(field.name, event.target.value)} data-testid={id}>
                {field.options?.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          );
        else if (field.kind === 'colour')
          control = (
            <HStack gap="2">
              {/* The picker and the hex text edit the same value: the picker for choosing, the text for pasting a brand's code. */}
              <Input id={`${id}-picker`} type="color" w="12" p="1" size="sm" value={/^#[0-9a-fA-F]{6}$/.test(value) ? value : '#000000'} onChange={(event) => onChange(field.name, event.target.value)} aria-label={label} />
              <Input id={id} size="sm" maxLength={7} value={value} onChange={(event) => onChange(field.name, event.target.value)} data-testid={id} />
            </HStack>
          );
        else
          control = (
            <Input
              id={id}
              size="sm"
              type={field.kind === 'number' ? 'number' : 'text'}
              min={field.min}
              max={field.max}
              maxLength={field.maxLength}
              value={value}
              onChange={(event) => onChange(field.name, event.target.value)}
              data-testid={id}
            />
          );
        return (
          <Field.Root key={field.name} invalid={isInvalid} required={field.required} disabled={disabled}>
            <Field.Label htmlFor={id}>{label}</Field.Label>
            <Box w="100%">{control}</Box>
            {hint}
            {isInvalid && <Field.ErrorText>{t('admin.form.invalid')}</Field.ErrorText>}
          </Field.Root>
        );
      })}
    </Stack>
  );
}
