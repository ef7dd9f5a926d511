/** What a write to the tracking API (`/api/...`) does, in the audit log's terms. */
export interface ApiWrite {
  action: string;
  objectType: string;
  /** From the path; for creates, filled in later from the answer. */
  objectId: number | null;
  /** Where the object's current state can be read before an update or delete (`/api/devices/7`). */
  readPath: string | null;
  /** Whose identity the answer carries (a login answers with the user). */
  actorFromAnswer: boolean;
  /** The answer's id names the created object. */
  idFromAnswer: boolean;
}

// Traccar's collections, by the singular the log uses.
const OBJECT_TYPES: Record<string, string> = {
  devices: 'device',
  groups: 'group',
  geofences: 'geofence',
  notifications: 'notification',
  drivers: 'driver',
  calendars: 'calendar',
  maintenance: 'maintenance',
  commands: 'command',
  users: 'user',
  'attributes/computed': 'computedAttribute',
  server: 'server',
  permissions: 'permission',
  session: 'session',
  password: 'password',
};

const ACTION_BY_METHOD: Record<string, string> = { POST: 'create', PUT: 'update', DELETE: 'delete' };

/**
 * Reads a write from its method and path: `POST /api/devices` creates a device, `PUT
 * /api/devices/7` updates device 7, `POST /api/permissions` links, `POST /api/commands/send`
 * commands, `POST /api/session` logs in… A path below an object (`/api/devices/7/accumulators`) is
 * an update of it; any other verb-like sub-path (`/api/notifications/test`) is named as it is.
 */
export function describeApiWrite(method: string, url: string): ApiWrite | null {
  const create = ACTION_BY_METHOD[method];
  if (!create) return null;
  const path = url.split('?')[0]?.replace(/^\/api\//, '').replace(/\/+$/, '') ?? '';
  const collection = path.startsWith('attributes/computed') ? 'attributes/computed' : (path.split('/')[0] ?? '');
  const rest = path.slice(collection.length).split('/').filter(Boolean);
  const objectType = OBJECT_TYPES[collection] ?? collection;
  const base = { objectId: null, readPath: null, actorFromAnswer: false, idFromAnswer: false };

  if (collection === 'session') {
    if (rest.length === 0 && method === 'POST') return { ...base, action: 'login', objectType, actorFromAnswer: true };
    if (rest.length === 0 && method === 'DELETE') return { ...base, action: 'logout', objectType };
    return { ...base, action: rest[0] ?? create, objectType };
  }
  if (collection === 'permissions') return { ...base, action: method === 'DELETE' ? 'unlink' : 'link', objectType };
  if (collection === 'commands' && rest[0] === 'send') return { ...base, action: 'command', objectType: 'device' };

  const id = rest[0] !== undefined && /^\d+$/.test(rest[0]) ? Number(rest[0]) : null;
  if (id === null) {
    if (rest.length === 0) return { ...base, action: create, objectType, idFromAnswer: method === 'POST', readPath: method === 'PUT' ? `/api/${collection}` : null };
    return { ...base, action: rest.join('/'), objectType };
  }
  if (rest.length > 1) return { ...base, action: 'update', objectType, objectId: id, readPath: `/api/${collection}/${id}` };
  return { ...base, action: create, objectType, objectId: id, readPath: method === 'POST' ? null : `/api/${collection}/${id}` };
}
