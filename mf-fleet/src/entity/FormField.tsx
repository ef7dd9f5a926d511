import { Box, Field, HStack, Input, NativeSelect, Textarea } from '@rastro/shared';
import { useTranslation } from 'react-i18next';
import { useFormContext } from 'react-hook-form';
import type { FieldValues } from 'react-hook-form';
import type { EntityField, FieldContext, FieldOption } from './entityDefinition';

function optionsOf<Values extends FieldValues>(field: EntityField<Values>, context: FieldContext): readonly FieldOption[] {
  return typeof field.options === 'function' ? field.options(context) : (field.options ?? []);
}

/** One input of the generic form, with its label, its preview and its translated validation message. */
export function FormField<Values extends FieldValues>({ field, disabled, entityId = null }: { field: EntityField<Values>; disabled?: boolean; entityId?: number | null }) {
  const { t } = useTranslation();
  const { register, formState, watch } = useFormContext<Values>();
  const error = formState.errors[field.name]?.message;
  const id = `entity-field-${field.name}`;
  if (field.kind === 'custom') return <>{field.render?.({ entityId, disabled: Boolean(disabled) })}</>;
  const input = register(field.name);

  let control;
  if (field.kind === 'textarea') control = <Textarea id={id} size="sm" {...input} />;
  else if (field.kind === 'select')
    control = (
      <NativeSelect.Root size="sm">
        <NativeSelect.Field id={id} {...input}>
          {optionsOf(field, { entityId }).map((option) => (
            <option key={option.value} value={option.value}>
              {option.labelKey ? t(option.labelKey) : option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    );
  else if (field.kind === 'checkbox') control = <input id={id} type="checkbox" {...input} />;
  else
    control = (
      <Input
        id={id}
        size="sm"
        type={field.kind === 'color' ? 'color' : field.kind === 'date' ? 'date' : 'text'}
        inputMode={field.kind === 'number' ? 'decimal' : undefined}
        {...input}
      />
    );

  return (
    <Field.Root invalid={Boolean(error)} disabled={disabled}>
      <Field.Label htmlFor={id}>{t(field.labelKey)}</Field.Label>
      <HStack w="100%" gap="2">
        <Box flex="1">{control}</Box>
        {field.preview?.(watch(field.name))}
      </HStack>
      {typeof error === 'string' && <Field.ErrorText>{t(error)}</Field.ErrorText>}
    </Field.Root>
  );
}
