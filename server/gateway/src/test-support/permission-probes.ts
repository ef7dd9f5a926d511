import { ADVANCED_PERMISSION_BIT_COUNT, advancedPermissionBits, formatAdvancedPermissions, type PermissionAction, type PermissionArea } from '@rastro/shared/contract';
import type { RunningGateway } from '../gateway';
import type { RawResponse } from './http';
import { newDevice, unique, type Browser, type Json } from './policy-browser';

/** One advanced permission (ARCHITECTURE.md "Advanced permissions"), e.g. `devices.anchor` = bit 9. */
export type Bit = { [A in PermissionArea]: `${A}.${PermissionAction<A>}` }[PermissionArea];

export const numberOf = (bit: Bit): number => {
  const [area, action] = bit.split('.') as [string, string];
  return (advancedPermissionBits as Record<string, Record<string, number>>)[area]![action]!;
};
/** `rastro.advancedPerms` with exactly the bits `has` says. */
const stored = (has: (bit: number) => boolean) => formatAdvancedPermissions(Array.from({ length: ADVANCED_PERMISSION_BIT_COUNT }, (_, bit) => has(bit)));
export const EVERY_BIT = stored(() => true);
export const allBut = (bit: Bit) => stored((k) => k !== numberOf(bit));
export const onlyBits = (bits: readonly Bit[]) => stored((k) => bits.map(numberOf).includes(k));

/** A gateway the writes go through, with the administrator signed in to it (its own data: shares, reseller domains). */
export interface Side {
  gateway: RunningGateway;
  admin: Browser;
}

/** The user making a write, through one side, as a reseller on its own domain or not. */
export interface Actor {
  id: number;
  browser: Browser;
  domain: string;
}

/** One write, set up: made as `browser`; `unchanged` (asked of the administrator) tells whether the stored data is as before. */
export interface Attempt {
  attempt(browser: Browser): Promise<RawResponse>;
  /** Left out for what stores nothing (a command sent, a report read): the answer is the whole effect. */
  unchanged?(): Promise<boolean>;
}

export interface Probe {
  /** Further bits the write needs: a report is in the reports area (72), a sub-reseller is a reseller's power (104). */
  alsoNeeds?: readonly Bit[];
  /** Made by a reseller on its own domain. */
  reseller?: true;
  /** Changes what the actor made itself (a share is its creator's): set up while the actor has every bit. */
  ownMaking?: true;
  /** Sets the write up, as the administrator or as the actor itself (with every bit: a share to change is its own). */
  prepare(actor: Actor, side: Side): Promise<Attempt>;
}

/** Why a bit gates no write: its area's view (what a user sees is the tracking server's links; the shell hides the area), or no such write. */
export type NoWrite = { noWrite: string };
const VIEW: NoWrite = { noWrite: "a view: what a user sees is the tracking server's links, and the shell hides the area" };

const CIRCLE = 'CIRCLE (-23.5505 -46.6333, 100)';
const ICALENDAR = Buffer.from('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n').toString('base64');
const inTwoDays = () => new Date(Date.now() + 2 * 86_400_000).toISOString();
const slug = (name: string) => name.replace(/\W/g, '');
const lastHour = () => `from=${new Date(Date.now() - 3_600_000).toISOString()}&to=${new Date().toISOString()}`;

/**
 * Every advanced permission bit: the one write (or report read) that needs it, set up by the
 * administrator `admin()` (straight at the tracking server, where it also sees what is stored), or
 * why no write needs it. A bit added to the table in shared makes this fail to compile until it is decided here.
 */
export function permissionProbes(admin: () => Browser): Record<Bit, Probe | NoWrite> {
  /** A device of the actor's, which it may change. */
  async function deviceOf(actor: Actor): Promise<Json & { id: number; name: string }> {
    const device = await admin().ok<Json & { id: number; name: string }>('POST', '/api/devices', newDevice());
    await admin().ok('POST', '/api/permissions', { userId: actor.id, deviceId: device.id });
    return device;
  }

  /** Whether `path` lists an entity whose `mark` is `value`. */
  const listed = async (path: string, mark: (entity: Json) => unknown, value: string) => (await admin().ok<Json[]>('GET', `${path}?all=true`)).some((entity) => mark(entity) === value);

  /**
   * create / edit / delete in an area: the written entity carries a mark (its name, or another
   * field) to recognise it by; what is edited or deleted is linked to the actor first (a user is
   * one it manages: its userLimit lets the tracking server take the write).
   */
  function crud<Area extends PermissionArea>(area: Area, path: string, linkKey: string, body: (mark: string) => Json, mark: (entity: Json) => unknown) {
    const owned = async (actor: Actor) => {
      const entity = await admin().ok<Json & { id: number }>('POST', path, body(unique('Own ')));
      await admin().ok('POST', '/api/permissions', { userId: actor.id, [linkKey]: entity.id });
      return entity;
    };
    const exists = async (id: number) => (await admin().call('GET', `${path}/${id}`)).status === 200;
    const probes: Record<string, Probe> = {
      [`${area}.create`]: {
        prepare: async () => {
          const value = unique('Made ');
          return { attempt: (browser) => browser.call('POST', path, body(value)), unchanged: async () => !(await listed(path, mark, value)) };
        },
      },
      [`${area}.edit`]: {
        prepare: async (actor) => {
          const entity = await owned(actor);
          return {
            attempt: (browser) => browser.call('PUT', `${path}/${entity.id}`, { ...entity, ...body(unique('Renamed ')) }),
            unchanged: async () => mark(await admin().ok<Json>('GET', `${path}/${entity.id}`)) === mark(entity),
          };
        },
      },
      [`${area}.delete`]: {
        prepare: async (actor) => {
          const entity = await owned(actor);
          return { attempt: (browser) => browser.call('DELETE', `${path}/${entity.id}`), unchanged: () => exists(entity.id) };
        },
      },
    };
    return probes as Record<`${Area}.${'create' | 'edit' | 'delete'}`, Probe>;
  }

  const byName = (entity: Json) => entity.name;
  const byDescription = (entity: Json) => entity.description;

  const commandSend = (type: string, attributes: Json = {}): Probe => ({
    prepare: async (actor) => {
      const device = await deviceOf(actor);
      return { attempt: (browser) => browser.call('POST', '/api/commands/send', { deviceId: device.id, type, attributes }) };
    },
  });

  const report = (kind: string, alsoNeeds: readonly Bit[]): Probe => ({
    alsoNeeds,
    prepare: async (actor) => {
      const device = await deviceOf(actor);
      return { attempt: (browser) => browser.call('GET', `/api/reports/${kind}?deviceId=${device.id}&${lastHour()}`) };
    },
  });

  /** A share link the actor made (while advanced permissions were off), on this side's gateway. */
  async function shareOf(actor: Actor) {
    const device = await deviceOf(actor);
    const input = { name: unique('Share '), deviceIds: [device.id], expiresAt: inTwoDays() };
    const share = await actor.browser.ok<{ id: number }>('POST', '/rastro/shares', input);
    return { id: share.id, input };
  }
  const sharesNamed = async (side: Side, name: string) => (await side.admin.ok<Array<{ name: string }>>('GET', '/rastro/shares')).some((share) => share.name === name);

  /** The actor's reseller domain, registered on this side's gateway by the administrator. */
  const registerDomain = (actor: Actor, side: Side) => side.admin.ok('PUT', `/rastro/resellers/${actor.domain}`, { ownerUserId: actor.id });

  return {
    'ownAccount.view': VIEW,
    'ownAccount.create': { noWrite: 'an account is created by someone else, or by registration without a session' },
    'ownAccount.edit': {
      prepare: async (actor) => {
        const self = () => admin().ok<Json>('GET', `/api/users/${actor.id}`);
        const phone = unique('+55 11 ');
        // The account as it is when the write is made: its own permissions are no change of it.
        return { attempt: async (browser) => browser.call('PUT', `/api/users/${actor.id}`, { ...(await self()), phone }), unchanged: async () => (await self()).phone !== phone };
      },
    },
    'ownAccount.delete': { noWrite: 'nobody deletes their own account (CANNOT_DELETE_SELF)' },
    'devices.view': VIEW,
    'devices.anchor': {
      prepare: async (actor) => {
        const device = await deviceOf(actor);
        // SPEC §7: the anchor toggle's geofence.
        const anchor = { id: -1, name: unique('Anchor '), description: '', area: 'CIRCLE (-23.5505 -46.6333, 150)', calendarId: 0, attributes: { isAnchor: true, deviceId: device.id } };
        return { attempt: (browser) => browser.call('POST', '/api/geofences', anchor), unchanged: async () => !(await listed('/api/geofences', byName, anchor.name)) };
      },
    },
    'devices.lock': commandSend('engineStop'),
    'devices.unlock': commandSend('engineResume'),
    'devices.command': commandSend('custom', { data: 'hello' }),
    ...crud('devices', '/api/devices', 'deviceId', (name) => ({ name, uniqueId: slug(name) }), byName),
    'users.view': VIEW,
    ...crud('users', '/api/users', 'managedUserId', (name) => ({ name, email: `${slug(name)}@bits.test`, password: 'secret1' }), byName),
    'shares.view': VIEW,
    'shares.create': {
      prepare: async (actor, side) => {
        const device = await deviceOf(actor);
        const name = unique('Share ');
        return {
          attempt: (browser) => browser.call('POST', '/rastro/shares', { name, deviceIds: [device.id], expiresAt: inTwoDays() }),
          unchanged: async () => !(await sharesNamed(side, name)),
        };
      },
    },
    'shares.edit': {
      ownMaking: true,
      prepare: async (actor, side) => {
        const share = await shareOf(actor);
        const name = unique('Renamed ');
        return { attempt: (browser) => browser.call('PUT', `/rastro/shares/${share.id}`, { ...share.input, name }), unchanged: async () => !(await sharesNamed(side, name)) };
      },
    },
    'shares.delete': {
      ownMaking: true,
      prepare: async (actor, side) => {
        const share = await shareOf(actor);
        return { attempt: (browser) => browser.call('DELETE', `/rastro/shares/${share.id}`), unchanged: () => sharesNamed(side, share.input.name) };
      },
    },
    'notifications.view': VIEW,
    ...crud('notifications', '/api/notifications', 'notificationId', (marker) => ({ type: 'deviceOnline', notificators: 'web', always: false, attributes: { marker } }), (entity) => (entity.attributes as Json).marker),
    'geofences.view': VIEW,
    ...crud('geofences', '/api/geofences', 'geofenceId', (name) => ({ name, area: CIRCLE }), byName),
    'groups.view': VIEW,
    ...crud('groups', '/api/groups', 'groupId', (name) => ({ name }), byName),
    'commands.view': VIEW,
    ...crud('commands', '/api/commands', 'commandId', (description) => ({ description, type: 'custom', attributes: { data: 'saved' } }), byDescription),
    'computedAttributes.view': VIEW,
    ...crud('computedAttributes', '/api/attributes/computed', 'attributeId', (description) => ({ description, attribute: 'speedKmh', expression: 'speed * 1.852', type: 'number' }), byDescription),
    'reports.view': report('summary', []),
    'reports.history': report('route', ['reports.view']),
    'reports.stops': report('stops', ['reports.view']),
    'reports.trips': report('trips', ['reports.view']),
    'reports.events': report('events', ['reports.view']),
    'drivers.view': VIEW,
    ...crud('drivers', '/api/drivers', 'driverId', (name) => ({ name, uniqueId: slug(name) }), byName),
    'calendars.view': VIEW,
    ...crud('calendars', '/api/calendars', 'calendarId', (name) => ({ name, data: ICALENDAR }), byName),
    'maintenance.view': VIEW,
    ...crud('maintenance', '/api/maintenance', 'maintenanceId', (name) => ({ name, type: 'totalDistance', start: 0, period: 10_000 }), byName),
    'reseller.view': {
      reseller: true,
      prepare: async (actor, side) => {
        await registerDomain(actor, side);
        const title = unique('Title ');
        return {
          attempt: (browser) => browser.call('PUT', `/rastro/resellers/${actor.domain}`, { ownerUserId: actor.id, config: { title } }),
          unchanged: async () => (await side.admin.ok<{ config: Json }>('GET', `/rastro/resellers/${actor.domain}`)).config.title !== title,
        };
      },
    },
    'reseller.subReseller': {
      reseller: true,
      alsoNeeds: ['reseller.view'],
      prepare: async (actor, side) => {
        await registerDomain(actor, side);
        const sub = `${unique('sub')}.${actor.domain}`;
        return { attempt: (browser) => browser.call('PUT', `/rastro/resellers/${sub}`, {}), unchanged: async () => (await side.admin.call('GET', `/rastro/resellers/${sub}`)).status === 404 };
      },
    },
  };
}

/** The bits some write needs, with that write. */
export const probedBits = (bits: Record<Bit, Probe | NoWrite>) => (Object.entries(bits) as Array<[Bit, Probe | NoWrite]>).filter((entry): entry is [Bit, Probe] => !('noWrite' in entry[1]));

/** What a write needs: its own bit and any further ones. */
export const needsOf = (bit: Bit, probe: Probe): Bit[] => [bit, ...(probe.alsoNeeds ?? [])];
