import { send } from './http';

export const FORM_HEADERS = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };

/** Signs in through `baseUrl`'s POST /api/session as a browser would; the JSESSIONID pair to send back as `cookie`, or null when refused. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<string | null> {
  const response = await send(`${baseUrl}/api/session`, { method: 'POST', headers: FORM_HEADERS, body: new URLSearchParams({ email, password }).toString() });
  if (response.status !== 200) return null;
  const setCookie = response.headers['set-cookie']?.find((value) => value.startsWith('JSESSIONID='));
  return setCookie?.split(';')[0] ?? null;
}
