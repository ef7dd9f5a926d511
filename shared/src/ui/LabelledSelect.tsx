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
}

/** A native select with its visible label: the one the screens use to pick one value among a few. */
export function LabelledSelect({ id, label, value, options, onChange, testId = id, children }: LabelledSelectProps) {
  const select = (
    <NativeSelect.Root size="sm" {...(children ? { flex: '1' } : {})}>
      <NativeSelect.Field id={id} data-testid={testId} value={value} onChange={(event) => onChange(event.target.value)}>
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
    <Field.Root>
      <Field.Label htmlFor={id}>{label}</Field.Label>
      {children ? (
        <HStack w="100%">
          {select}
          {children}
        </HStack>
      ) : (
        select
      )}
    </Field.Root>
  );
}
