import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiErrorSchema } from '@rastro/shared/contract';
import { send } from '../test-support/http';
import { installApiErrorHandling } from './api-errors';
import { idParamsSchema } from './id-params';
import { ProductRoutes } from './product-routes';

// What every product route gets from the route table, whatever its own schema says: a JSON null
// is not "no values", text a database cannot store is refused before the handler, and numbers in
// the URL are plain decimal digits.
describe('product route input', () => {
  let app: FastifyInstance;
  let base: string;
  const saved: unknown[] = [];

  beforeAll(async () => {
    app = Fastify();
    installApiErrorHandling(app);
    const routes = new ProductRoutes();
    const settings = z.object({ appName: z.string().optional(), colors: z.record(z.string(), z.string()).optional() });
    routes.add(app, { method: 'PUT', path: '/things/:id', summary: 'Save a partial update', tag: 'Test', public: true, params: idParamsSchema, body: settings }, async ({ params, body }) => {
      saved.push({ id: params.id, ...body });
      return undefined;
    });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => app.close());
  beforeEach(() => saved.splice(0));

  // A real socket, not inject: Jest cannot load light-my-request's ESM dependency.
  const put = async (url: string, payload: string) => {
    const res = await send(`${base}${url}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: payload });
    return { statusCode: res.status, json: () => res.json() };
  };

  it('refuses a JSON null body instead of reading it as an empty update', async () => {
    const res = await put('/things/1', 'null');
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json())).toMatchObject({ code: 'INVALID_INPUT', fields: ['body'] });
    expect(saved).toEqual([]);
  });

  it.each([
    ['a NUL', JSON.stringify({ appName: 'Ras\u0000tro' }), 'appName'],
    ['a lone surrogate', '{"appName":"x\\ud800"}', 'appName'],
    ['a NUL deep inside', JSON.stringify({ colors: { primary: '\u0000' } }), 'colors.primary'],
    ['a NUL in a key', JSON.stringify({ colors: { 'a\u0000': '#000000' } }), 'colors.a\u0000'],
  ])('refuses %s with 400 naming the field, before the handler', async (_what, payload, field) => {
    const res = await put('/things/1', payload);
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json())).toMatchObject({ code: 'INVALID_INPUT', fields: [field] });
    expect(saved).toEqual([]);
  });

  it('keeps a well-formed surrogate pair (an emoji)', async () => {
    expect((await put('/things/1', JSON.stringify({ appName: 'Rastro 🚚' }))).statusCode).toBe(204);
    expect(saved).toEqual([{ id: 1, appName: 'Rastro 🚚' }]);
  });

  it.each(['0x10', '1e3', '%201', '', '1.0', '-1'])('refuses the id %p: only decimal digits are a number', async (id) => {
    const res = await put(`/things/${id}`, '{}');
    expect(res.statusCode).toBe(400);
    expect(saved).toEqual([]);
  });

  it('answers malformed JSON in the product shape, naming the body', async () => {
    const res = await put('/things/1', '{"appName": 0x10}');
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json())).toMatchObject({ code: 'INVALID_INPUT', fields: ['body'] });
  });
});
