import { Field, Grid, Input, NativeSelect, Stack, Text } from '@rastro/shared';
import { useMemo, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CalendarFormValues } from './calendarEntity';
import { formValuesToSchedule } from './calendarEntity';
import { nextOccurrences, repeatEnds, repeatFrequencies, scheduleToIcs } from './icalSchedule';

const PREVIEW_COUNT = 5;

/** Start and end, repetition and its end, and the next occurrences as the user's clock shows them. */
export function ScheduleEditor({ disabled, zone }: { disabled: boolean; zone: string }) {
  const { t, i18n } = useTranslation();
  const { register, watch, formState } = useFormContext<CalendarFormValues>();
  const values = watch();
  const error = (name: keyof CalendarFormValues) => {
    const message = formState.errors[name]?.message;
    return typeof message === 'string' ? <Field.ErrorText>{t(message)}</Field.ErrorText> : null;
  };
  const field = (name: keyof CalendarFormValues, labelKey: string, type: string) => (
    <Field.Root invalid={Boolean(formState.errors[name])} disabled={disabled}>
      <Field.Label htmlFor={`entity-field-${name}`}>{t(labelKey)}</Field.Label>
      <Input id={`entity-field-${name}`} size="sm" type={type} {...register(name)} />
      {error(name)}
    </Field.Root>
  );
  const select = (name: 'frequency' | 'ends', options: readonly string[]) => (
    <Field.Root disabled={disabled}>
      <Field.Label htmlFor={`entity-field-${name}`}>{t(`fleet.calendars.${name}`)}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field id={`entity-field-${name}`} {...register(name)}>
          {options.map((option) => (
            <option key={option} value={option}>
              {t(`fleet.calendars.${name}Options.${option}`)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );

  // "Next" counts from when the form opened: a preview that shifted under the user's eyes would confuse.
  const [now] = useState(() => Date.now());
  const key = JSON.stringify(values);
  const preview = useMemo(() => {
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(values.start) || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(values.end)) return [];
    const ics = scheduleToIcs(formValuesToSchedule(values), zone, 'preview');
    return nextOccurrences(ics, zone, now, PREVIEW_COUNT);
    // `values` is a new object on every render: its contents decide.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, zone, now]);
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full', timeStyle: 'short', timeZone: zone });

  return (
    <Stack gap="2" data-testid="schedule-editor">
      <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="2">
        {field('start', 'fleet.calendars.start', 'datetime-local')}
        {field('end', 'fleet.calendars.end', 'datetime-local')}
        {select('frequency', repeatFrequencies)}
        {values.frequency !== 'none' && select('ends', repeatEnds)}
        {values.frequency !== 'none' && values.ends === 'count' && field('count', 'fleet.calendars.count', 'number')}
        {values.frequency !== 'none' && values.ends === 'until' && field('until', 'fleet.calendars.until', 'date')}
      </Grid>
      <Text fontSize="sm" fontWeight="semibold">
        {t('fleet.calendars.preview', { zone })}
      </Text>
      <Stack as="ul" gap="0.5" fontSize="sm" ps="4" data-testid="schedule-preview">
        {preview.length === 0 ? <Text as="li">{t('fleet.calendars.noOccurrence')}</Text> : preview.map((instant) => <Text as="li" key={instant}>{format.format(instant)}</Text>)}
      </Stack>
    </Stack>
  );
}
