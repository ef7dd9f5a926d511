/** What an `Authorization` header carries: an API token (Bearer) or a login and password (Basic). */
export type AuthorizationLogin = { token: string } | { email: string; password: string };

/**
 * The token or password of an `Authorization` header, or null for none or another scheme. Traccar
 * reads the header only on its REST resources, so the gateway turns it into one of Traccar's own
 * logins where Traccar ignores it (`GET /api/session`, the websocket).
 */
export function authorizationLogin(authorization: string | undefined): AuthorizationLogin | null {
  const [scheme = '', value = ''] = (authorization ?? '').trim().split(/\s+/, 2);
  if (!value) return null;
  if (scheme.toLowerCase() === 'bearer') return { token: value };
  if (scheme.toLowerCase() !== 'basic') return null;
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  const separator = decoded.indexOf(':');
  return separator === -1 ? null : { email: decoded.slice(0, separator), password: decoded.slice(separator + 1) };
}
