import type { calendarsPtBR } from './pt-BR';

export const calendarsEs: typeof calendarsPtBR = {
  name: 'Nombre',
  schedule: 'Agenda',
  start: 'Inicio',
  end: 'Fin',
  frequency: 'Repetir',
  frequencyOptions: { none: 'No repetir', daily: 'Diariamente', weekly: 'Semanalmente', monthly: 'Mensualmente', yearly: 'Anualmente' },
  ends: 'Termina',
  endsOptions: { never: 'Nunca', count: 'Tras N repeticiones', until: 'En una fecha' },
  count: 'Repeticiones',
  until: 'Hasta',
  preview: 'Próximas repeticiones ({{zone}})',
  noOccurrence: 'Ninguna repetición futura',
  endBeforeStart: 'El fin debe ser posterior al inicio',
  countInvalid: 'Introduzca un número entero desde 1',
  untilInvalid: 'Introduzca una fecha desde el inicio',
  newTitle: 'Nuevo calendario',
  editTitle: 'Editar calendario',
  saveError: 'No se pudo guardar el calendario.',
  deleteError: 'No se pudo eliminar el calendario.',
};
