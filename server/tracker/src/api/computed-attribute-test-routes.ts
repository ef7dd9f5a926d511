import type { FastifyInstance } from 'fastify';
import { evaluateExpression, ExpressionError, typedResult } from '../computed/evaluate-expression';
import { positionContext } from '../computed/expression-context';
import { COMPUTED_ATTRIBUTE } from '../entities/entity-kinds';
import { entitySchema } from '../entities/entity-schema';
import { parseBody } from '../http/body';
import { badRequest } from '../http/errors';
import type { PositionRecord } from '../entities/position';
import { queryInteger, type Query } from '../http/query';
import type { TrackerContext } from '../tracker-context';
import { checkAdmin } from './access';

const attributeSchema = entitySchema(COMPUTED_ATTRIBUTE);

/**
 * POST /api/attributes/computed/test?deviceId= — what a computed attribute would give on the
 * device's latest position, without storing anything. Administrators only, as in Traccar.
 * 200 with a JSON number, boolean or string; 204 when the expression gives nothing;
 * 400 for a bad expression (its message) or a device without a position.
 */
export function registerComputedAttributeTestRoutes(app: FastifyInstance, { auth, live }: TrackerContext): void {
  app.post('/api/attributes/computed/test', async (request, reply) => {
    const user = await auth.requireUser(request);
    checkAdmin(user);
    const deviceId = queryInteger(request.query as Query, 'deviceId', badRequest);
    const attribute = parseBody(attributeSchema, request.body);
    const position = live.latestPosition(deviceId);
    if (!position) throw badRequest('Device has no last position');

    const value = computeOrRefuse(String(attribute.expression), String(attribute.type), position);
    if (value === null) return reply.code(204).send();
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(value));
  });
}

/** The typed value, or a 400 carrying the expression's error as Traccar reports JEXL failures. */
function computeOrRefuse(expression: string, type: string, position: PositionRecord) {
  try {
    return typedResult(type, evaluateExpression(expression, positionContext(position)));
  } catch (error) {
    if (error instanceof ExpressionError) throw badRequest(error.message);
    throw error;
  }
}
