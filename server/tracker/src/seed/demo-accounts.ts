import { SAO_PAULO_CENTRE } from '../simulator/area';

/** The seeded administrator, as the README and the e2e tests know it. */
export const demoAccount = { email: 'admin@rastro.demo', login: 'admin', password: 'admin' };

/** An ordinary user who sees part of the fleet (the "Entregas" group and a few cars). */
export const demoUserAccount = { email: 'user@rastro.demo', login: 'user', password: 'user' };

/** Sees the "Diretoria" cars but may change nothing (Traccar's `readonly`). */
export const readonlyAccount = { email: 'readonly@rastro.demo', login: 'readonly', password: 'readonly' };

/** A manager (`userLimit` 5) who manages the two field users below and sees what they see. */
export const managerAccount = { email: 'manager@rastro.demo', login: 'manager', password: 'manager' };

/** The users the manager manages, each with a couple of delivery vehicles. */
export const managedAccounts = [
  { email: 'ana@rastro.demo', login: 'ana', password: 'ana' },
  { email: 'bruno@rastro.demo', login: 'bruno', password: 'bruno' },
] as const;

interface DemoUser {
  email: string;
  login: string;
  password: string;
  name: string;
  administrator: boolean;
  readonly: boolean;
  deviceLimit: number;
  userLimit: number;
}

const member = { administrator: false, readonly: false, deviceLimit: -1, userLimit: 0 };

/** Every seeded account, in insertion order (the administrator is user 1). */
export const DEMO_USERS = {
  admin: { ...demoAccount, name: 'Administrador', administrator: true, readonly: false, deviceLimit: -1, userLimit: -1 },
  user: { ...demoUserAccount, name: 'Usuário Demo', ...member },
  readonly: { ...readonlyAccount, name: 'Consulta Diretoria', ...member, readonly: true },
  manager: { ...managerAccount, name: 'Gerente de Frota', ...member, userLimit: 5 },
  ana: { ...managedAccounts[0], name: 'Ana Entregas', ...member },
  bruno: { ...managedAccounts[1], name: 'Bruno Entregas', ...member },
} satisfies Record<string, DemoUser>;

export type DemoUserKey = keyof typeof DEMO_USERS;

export const DEMO_MAP_VIEW = { latitude: SAO_PAULO_CENTRE.latitude, longitude: SAO_PAULO_CENTRE.longitude, zoom: 12 };
