import { Box, Button, Field, HStack, Input, NativeSelect, Textarea } from '@rastro/shared';
import { useTranslation } from 'react-i18next';
import { useFormContext } from 'react-hook-form';
import type { FieldValues } from 'react-hook-form';
import type { User } from '@rastro/shared';
import type { EntityField, FieldContext, FieldOption } from './entityDefinition';
import { MultiSelectControl } from './MultiSelectControl';
import { SoundControl } from './SoundControl';

function optionsOf<Values extends FieldValues>(field: EntityField<Values>, context: FieldContext): readonly FieldOption[] {
  return typeof field.options === 'function' ? field.options(context) : (field.options ?? []);
}

/** One input of the generic form, with its label, its preview and its translated validation message. */
export function FormField<Values extends FieldValues>({ field, disabled: formDisabled, entityId = null, editor = null }: { field: EntityField<Values>; disabled?: boolean; entityId?: number | null; editor?: User | null }) {
  const { t } = useTranslation();
  const { register, formState, watch, getValues, setValue } = useFormContext<Values>();
  const values = watch();
  // Called on every render, before any return: options and hints may use hooks.
  const options = optionsOf(field, { entityId, editor });
  const disabled = Boolean(formDisabled) || (field.editable ? !field.editable({ entityId, editor }) : false);
  const hints = field.hints?.();
  const error = formState.errors[field.name]?.message;
  const id = `entity-field-${field.name}`;
  if (field.kind === 'custom') return <>{field.render?.({ entityId, editor, disabled })}</>;
  if (field.visible && !field.visible(values)) return null;
  const input = register(field.name);
  const label = t(field.labelKey);

  let control;
  if (field.kind === 'textarea') control = <Textarea id={id} size="sm" {...input} />;
  else if (field.kind === 'select')
    control = (
      <NativeSelect.Root size="sm">
        <NativeSelect.Field id={id} {...input}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.labelKey ? t(option.labelKey) : option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    );
  else if (field.kind === 'multiselect') control = <MultiSelectControl name={field.name} label={label} options={options} disabled={disabled} />;
  else if (field.kind === 'sound') control = <SoundControl id={id} input={input} value={String(values[field.name] ?? '')} />;
  else if (field.kind === 'checkbox') control = <input id={id} type="checkbox" {...input} />;
  else
    control = (
      <Input
        id={id}
        size="sm"
        type={field.kind === 'color' ? 'color' : field.kind === 'date' ? 'date' : field.kind === 'password' ? 'password' : 'text'}
        inputMode={field.kind === 'number' ? 'decimal' : undefined}
        autoComplete={field.kind === 'password' ? 'new-password' : undefined}
        {...input}
      />
    );

  return (
    <Field.Root invalid={Boolean(error)} disabled={disabled}>
      {/* A multi-select is a group of checkboxes, named by its own legend. */}
      {field.kind !== 'multiselect' && <Field.Label htmlFor={id}>{label}</Field.Label>}
      <HStack w="100%" gap="2">
        <Box flex="1">{control}</Box>
        {field.preview?.(values[field.name])}
      </HStack>
      {hints && hints.length > 0 && !disabled && (
        // Clicking a name adds it where the expression ends: the user need not remember the spelling.
        <HStack gap="1" wrap="wrap" data-testid={`${id}-hints`}>
          {hints.map((hint) => (
            <Button key={hint} size="2xs" variant="outline" onClick={() => setValue(field.name, `${String(getValues(field.name) ?? '')}${hint}` as never, { shouldDirty: true })}>
              {hint}
            </Button>
          ))}
        </HStack>
      )}
      {typeof error === 'string' && <Field.ErrorText>{t(error)}</Field.ErrorText>}
    </Field.Root>
  );
}
