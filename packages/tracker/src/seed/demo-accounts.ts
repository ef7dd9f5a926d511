import { SAO_PAULO_CENTRE } from '../simulator/area';

/** The seeded administrator, as the README and the e2e tests know it. */
export const demoAccount = { email: 'admin@rastro.demo', login: 'admin', password: 'admin' };

/** An ordinary user who sees part of the fleet (the "Entregas" group and a few cars). */
export const demoUserAccount = { email: 'user@rastro.demo', login: 'user', password: 'user' };

export const DEMO_USERS = [
  { ...demoAccount, name: 'Administrador', administrator: true, readonly: false, deviceLimit: -1, userLimit: -1 },
  { ...demoUserAccount, name: 'Usuário Demo', administrator: false, readonly: false, deviceLimit: -1, userLimit: 0 },
] as const;

export const DEMO_MAP_VIEW = { latitude: SAO_PAULO_CENTRE.latitude, longitude: SAO_PAULO_CENTRE.longitude, zoom: 12 };
