import { request } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { demoAdmin } from './demo';
import { gatewayUrl } from './slot';

/** An API client signed in as the demo administrator, through the current worker's gateway (cookies kept per client). */
export async function adminApi(): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL: gatewayUrl() });
  const session = await api.post('/api/session', { form: { email: demoAdmin.email, password: demoAdmin.password } });
  if (!session.ok()) throw new Error(`admin login failed: ${session.status()}`);
  return api;
}

/** Turns the server's self-registration on or off (PUT /api/server as admin). */
export async function setRegistration(api: APIRequestContext, registration: boolean): Promise<void> {
  const server = (await (await api.get('/api/server')).json()) as Record<string, unknown>;
  const answer = await api.put('/api/server', { data: { ...server, registration } });
  if (!answer.ok()) throw new Error(`PUT /api/server failed: ${answer.status()} ${await answer.text()}`);
}
