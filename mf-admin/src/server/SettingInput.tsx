import { Field, Input, NativeSelect, Textarea } from '@rastro/shared';
import { useTranslation } from 'react-i18next';
import type { SettingError, SettingField } from './settingsFields';

interface SettingInputProps {
  setting: SettingField;
  value: string | boolean;
  error?: SettingError;
  onChange(value: string | boolean): void;
}

/** One server setting's input, drawn from its description: switch, select, text or number. */
export function SettingInput({ setting, value, error, onChange }: SettingInputProps) {
  const { t } = useTranslation();
  const id = `server-setting-${setting.name}`;
  const label = setting.label ?? t(`serverSettings.fields.${setting.name}`);
  const described = setting.hint ? `${id}-hint` : undefined;

  if (setting.kind === 'boolean') {
    return (
      <Field.Root orientation="horizontal" justifyContent="flex-start" gap="2">
        <input id={id} type="checkbox" checked={value === true} onChange={(event) => onChange(event.target.checked)} data-testid={id} />
        <Field.Label htmlFor={id}>{label}</Field.Label>
      </Field.Root>
    );
  }

  let control;
  if (setting.kind === 'select') {
    control = (
      <NativeSelect.Root size="sm">
        <NativeSelect.Field id={id} value={String(value)} onChange={(event) => onChange(event.target.value)} data-testid={id}>
          {setting.options?.map((option) => (
            <option key={option.value} value={option.value}>
              {option.labelKey ? t(option.labelKey, { defaultValue: option.label ?? option.value }) : option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    );
  } else if (setting.kind === 'textarea') {
    control = <Textarea id={id} size="sm" value={String(value)} onChange={(event) => onChange(event.target.value)} aria-describedby={described} data-testid={id} />;
  } else {
    const numeric = setting.kind === 'integer' || setting.kind === 'decimal';
    control = (
      <Input
        id={id}
        size="sm"
        inputMode={setting.kind === 'integer' ? 'numeric' : numeric ? 'decimal' : undefined}
        value={String(value)}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={described}
        autoComplete="off"
        data-testid={id}
      />
    );
  }
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label htmlFor={id}>{label}</Field.Label>
      {control}
      {setting.hint && <Field.HelperText id={described}>{t(`serverSettings.hints.${setting.name}`)}</Field.HelperText>}
      {error && <Field.ErrorText>{t(error.key, error.values)}</Field.ErrorText>}
    </Field.Root>
  );
}
