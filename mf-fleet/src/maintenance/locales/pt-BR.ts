/** Strings of the maintenance screen and the device's maintenance block, under `fleet.maintenance`. */
export const maintenancePtBR = {
  name: 'Nome',
  type: 'Tipo',
  start: 'Início',
  period: 'Ciclo',
  types: { totalDistance: 'Odômetro', hours: 'Horas de motor' },
  positive: 'Informe um número maior que zero',
  newTitle: 'Nova manutenção',
  editTitle: 'Editar manutenção',
  saveError: 'Não foi possível salvar a manutenção.',
  deleteError: 'Não foi possível excluir a manutenção.',
  due: 'Manutenção',
  dueAt: 'em {{next}} (faltam {{remaining}})',
  overdue: 'em {{next}} (vencida)',
  noReading: 'em {{next}} (sem leitura do dispositivo)',
};
