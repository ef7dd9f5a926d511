import type { maintenancePtBR } from './pt-BR';

export const maintenanceEnUS: typeof maintenancePtBR = {
  name: 'Name',
  type: 'Type',
  start: 'Start',
  period: 'Cycle',
  types: { totalDistance: 'Odometer', hours: 'Engine hours' },
  positive: 'Enter a number above zero',
  newTitle: 'New maintenance',
  editTitle: 'Edit maintenance',
  saveError: 'The maintenance could not be saved.',
  deleteError: 'The maintenance could not be deleted.',
  due: 'Maintenance',
  dueAt: 'at {{next}} ({{remaining}} to go)',
  overdue: 'at {{next}} (overdue)',
  noReading: 'at {{next}} (no reading from the device)',
};
