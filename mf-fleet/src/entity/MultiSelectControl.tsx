import { Box, Stack, Text } from '@rastro/shared';
import { useController, useFormContext } from 'react-hook-form';
import type { FieldValues, Path } from 'react-hook-form';
import type { FieldOption } from './entityDefinition';
import { useTranslation } from 'react-i18next';

/**
 * Several of a list (alarm names, devices): a group of checkboxes named by a legend, the form's
 * value an array of the chosen options' values, in the options' order.
 */
export function MultiSelectControl<Values extends FieldValues>({ name, label, options, disabled }: { name: Path<Values>; label: string; options: readonly FieldOption[]; disabled?: boolean }) {
  const { t } = useTranslation();
  const { control } = useFormContext<Values>();
  const { field } = useController({ name, control });
  const chosen = new Set<string>(Array.isArray(field.value) ? (field.value as string[]) : []);
  const toggle = (value: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(value);
    else next.delete(value);
    field.onChange(options.map((option) => option.value).filter((option) => next.has(option)));
  };
  return (
    <Box as="fieldset" borderWidth="1px" borderRadius="md" p="2" data-testid={`entity-field-${name}`}>
      <Text as="legend" fontSize="sm" fontWeight="medium" px="1">
        {label}
      </Text>
      <Stack gap="1" maxH="48" overflowY="auto">
        {options.map((option) => (
          <label key={option.value} style={{ display: 'flex', gap: '0.5rem', alignItems: 'center', fontSize: '0.875rem' }}>
            <input type="checkbox" name={name} value={option.value} checked={chosen.has(option.value)} disabled={disabled} onChange={(event) => toggle(option.value, event.target.checked)} onBlur={field.onBlur} />
            {option.labelKey ? t(option.labelKey) : option.label}
          </label>
        ))}
      </Stack>
    </Box>
  );
}
