/**
 * The demo's geofences, drivers, maintenance plans, notifications, saved commands and computed
 * attribute: plain values, inserted and linked by ./seed-demo-objects.ts. Geofence areas are WKT
 * with latitude first, as Traccar writes them.
 */

/** The delivery depot in Vila Leopoldina (by the CEAGESP market), where the anchor also sits. */
export const DEPOT = { latitude: -23.5372, longitude: -46.7395 };

export const DEMO_GEOFENCES = {
  depot: {
    name: 'Depósito Vila Leopoldina',
    description: 'Base das entregas',
    area: `CIRCLE (${DEPOT.latitude} ${DEPOT.longitude}, 300)`,
    attributes: { color: '#1e88e5' },
  },
  downtown: {
    name: 'Centro Histórico',
    description: 'Sé e República',
    area: 'POLYGON ((-23.5395 -46.6475, -23.5390 -46.6300, -23.5480 -46.6265, -23.5575 -46.6290, -23.5570 -46.6430, -23.5480 -46.6480, -23.5395 -46.6475))',
    attributes: { color: '#e53935' },
  },
  paulista: {
    name: 'Avenida Paulista',
    description: 'Da Consolação ao Paraíso',
    area: 'LINESTRING (-23.5558 -46.6625, -23.5613 -46.6562, -23.5660 -46.6508, -23.5710 -46.6450)',
    // Traccar keeps speeds in knots: 27 kn ≈ 50 km/h.
    attributes: { color: '#8e24aa', polylineDistance: 30, speedLimit: 27 },
  },
} as const;

/** An "anchor": a small circle around a parked vehicle, to hear when it moves away. */
export function anchorGeofence(deviceId: number, deviceName: string) {
  return {
    name: `Âncora ${deviceName}`,
    description: 'Alerta se o veículo sair do lugar',
    area: `CIRCLE (${DEPOT.latitude} ${DEPOT.longitude}, 150)`,
    attributes: { isAnchor: true, deviceId },
  };
}

/** Drivers identify themselves with an RFID card; trackers report its number as `driverUniqueId`. */
export const DEMO_DRIVERS = [
  { name: 'Ana Silva', uniqueId: 'RFID0001A7', attributes: { phone: '+55 11 91234-0001' } },
  { name: 'Bruno Souza', uniqueId: 'RFID0002B3', attributes: { phone: '+55 11 91234-0002' } },
  { name: 'Carla Oliveira', uniqueId: 'RFID0003C9', attributes: { phone: '+55 11 91234-0003' } },
  { name: 'Diego Santos', uniqueId: 'RFID0004D1', attributes: { phone: '+55 11 91234-0004' } },
] as const;

const KILOMETRE = 1000;
const HOUR_MS = 3_600_000;

/** Maintenance counts on position attributes: totalDistance in metres, hours in milliseconds. */
export const DEMO_MAINTENANCE = [
  { name: 'Troca de óleo', type: 'totalDistance', start: 0, period: 10_000 * KILOMETRE, attributes: {} },
  { name: 'Revisão do motor', type: 'hours', start: 0, period: 500 * HOUR_MS, attributes: {} },
] as const;

/** What the administrator hears about on the web (the socket's `{"events":[…]}`), always. */
export const DEMO_NOTIFICATIONS = [
  { type: 'alarm', description: 'Alarmes: SOS, corte de energia, excesso de velocidade', attributes: { alarms: 'sos,powerCut,overspeed' } },
  { type: 'geofenceEnter', description: 'Entrada em cerca', attributes: {} },
  { type: 'geofenceExit', description: 'Saída de cerca', attributes: {} },
  { type: 'deviceOverspeed', description: 'Excesso de velocidade', attributes: {} },
  { type: 'deviceOffline', description: 'Rastreador desconectado', attributes: {} },
  { type: 'commandResult', description: 'Resposta de comando', attributes: {} },
  { type: 'maintenance', description: 'Manutenção vencida', attributes: {} },
].map((notification) => ({ ...notification, always: true, notificators: 'web' }));

export const DEMO_COMMANDS = {
  engineStop: { description: 'Bloquear motor', type: 'engineStop', textChannel: false, attributes: {} },
  engineResume: { description: 'Desbloquear motor', type: 'engineResume', textChannel: false, attributes: {} },
  // A raw device command, as sent to Teltonika-like trackers: open the cargo door output.
  openCargoDoor: { description: 'Abrir baú', type: 'custom', textChannel: false, attributes: { data: 'setdigout 1' } },
} as const;

export const DEMO_COMPUTED_ATTRIBUTE = {
  description: 'Velocidade em km/h',
  attribute: 'speedKmh',
  expression: 'speed * 1.852',
  type: 'number',
  priority: 0,
};
