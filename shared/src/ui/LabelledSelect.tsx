import type { ReactNode } from 'react';
import { Field, HStack, NativeSelect } from '@chakra-ui/react';

export interface SelectOption {
  value: string;
  label: string;
}

export interface LabelledSelectProps {
  /** The select's id, which its label names; also its test id unless `testId` says otherwise. */
  id: string;
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange(value: string): void;
  testId?: string;
  /** Shown on the select's line, after it (e.g. the button that acts on the choice). */
  children?: ReactNode;
  /** Shown under the select, inside its field: a hint, an error (a form's notes about it). */
  below?: ReactNode;
  /** The ids of what describes it (the notes `below`). */
  describedBy?: string;
  invalid?: boolean;
  disabled?: boolean;
  /**
   * In a toolbar among other filters: small, as wide as its choices, its label read by screen
   * readers but not shown (the choices say what it filters).
   */
  compact?: boolean;
}

/** A native select with its label: the one the screens use to pick one value among a few. */
export function LabelledSelect({ id, label, value, options, onChange, testId = id, children, below, describedBy, invalid, disabled, compact }: LabelledSelectProps) {
  const select = (
    <NativeSelect.Root size={compact ? 'xs' : 'sm'} {...(children ? { flex: '1' } : {})}>
      <NativeSelect.Field id={id} data-testid={testId} value={value} {...(describedBy ? { 'aria-describedby': describedBy } : {})} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
  return (
    <Field.Root invalid={invalid} disabled={disabled} {...(compact ? { w: 'auto' } : {})}>
      <Field.Label htmlFor={id} {...(compact ? { srOnly: true } : {})}>
        {label}
      </Field.Label>
      {children ? (
        <HStack w="100%">
          {select}
          {children}
        </HStack>
      ) : (
        select
      )}
      {below}
    </Field.Root>
  );
}
