import type { maintenancePtBR } from './pt-BR';

export const maintenanceEs: typeof maintenancePtBR = {
  name: 'Nombre',
  type: 'Tipo',
  start: 'Inicio',
  period: 'Ciclo',
  types: { totalDistance: 'Odómetro', hours: 'Horas de motor' },
  positive: 'Introduzca un número mayor que cero',
  newTitle: 'Nuevo mantenimiento',
  editTitle: 'Editar mantenimiento',
  saveError: 'No se pudo guardar el mantenimiento.',
  deleteError: 'No se pudo eliminar el mantenimiento.',
  due: 'Mantenimiento',
  dueAt: 'a los {{next}} (faltan {{remaining}})',
  overdue: 'a los {{next}} (vencido)',
  noReading: 'a los {{next}} (sin lectura del dispositivo)',
};
