import { Jexl } from 'jexl';
import type Expression from 'jexl/Expression';
import type { ExpressionContext, ExpressionValue } from './expression-context';

/** One engine for the tracker: it has no custom transforms, so instances are interchangeable. */
const engine = new Jexl();
/** Parsed expressions: computed attributes run on every position, their text rarely changes. */
const compiled = new Map<string, Expression>();
const MAX_COMPILED = 1000;
/** JEXL keywords the `jexl` grammar reads as plain names. */
const JEXL_LITERALS: ExpressionContext = { null: null };

/** The expression is not valid JEXL, names an unknown variable, or yields the wrong type. */
export class ExpressionError extends Error {}

/**
 * Evaluates a computed attribute's expression. Traccar runs Apache Commons JEXL in strict mode,
 * so naming a variable the position lacks is an error rather than a silent null; the `jexl`
 * library is lenient, hence the proxy that refuses unknown names.
 */
export function evaluateExpression(expression: string, context: ExpressionContext): unknown {
  const strict = new Proxy({ ...context, ...JEXL_LITERALS }, {
    get(target, name) {
      if (typeof name === 'string' && !Object.hasOwn(target, name)) throw new ExpressionError(`undefined variable ${name}`);
      return Reflect.get(target, name);
    },
  });
  try {
    return compile(expression).evalSync(strict) as unknown;
  } catch (error) {
    if (error instanceof ExpressionError) throw error;
    throw new ExpressionError(error instanceof Error ? error.message.replace(/^Error: /, '') : String(error));
  }
}

function compile(expression: string): Expression {
  let parsed = compiled.get(expression);
  if (!parsed) {
    parsed = engine.compile(expression);
    if (compiled.size >= MAX_COMPILED) compiled.clear();
    compiled.set(expression, parsed);
  }
  return parsed;
}

/**
 * The value as Traccar's test endpoint answers it: null for "no value" (204), a number for
 * `number`, a boolean for `boolean`, and the text form of anything else. Like Java's casts, a
 * value of the wrong kind for a number or boolean attribute is an error.
 */
export function typedResult(type: string, value: unknown): ExpressionValue {
  if (value === null || value === undefined) return null;
  if (type === 'number') {
    if (typeof value !== 'number' || !Number.isFinite(value)) throw new ExpressionError(`${describe(value)} is not a number`);
    return value;
  }
  if (type === 'boolean') {
    if (typeof value !== 'boolean') throw new ExpressionError(`${describe(value)} is not a boolean`);
    return value;
  }
  return value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function describe(value: unknown): string {
  return typeof value === 'string' ? `"${value}"` : String(value);
}
