import type { calendarsPtBR } from './pt-BR';

export const calendarsEnUS: typeof calendarsPtBR = {
  name: 'Name',
  schedule: 'Schedule',
  start: 'Start',
  end: 'End',
  frequency: 'Repeat',
  frequencyOptions: { none: 'Does not repeat', daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly', yearly: 'Yearly' },
  ends: 'Ends',
  endsOptions: { never: 'Never', count: 'After N occurrences', until: 'On a date' },
  count: 'Occurrences',
  until: 'Until',
  preview: 'Next occurrences ({{zone}})',
  noOccurrence: 'No future occurrence',
  endBeforeStart: 'The end must come after the start',
  countInvalid: 'Enter a whole number from 1',
  untilInvalid: 'Enter a date from the start on',
  newTitle: 'New calendar',
  editTitle: 'Edit calendar',
  saveError: 'The calendar could not be saved.',
  deleteError: 'The calendar could not be deleted.',
};
