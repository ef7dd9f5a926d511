import fc from 'fast-check';

/**
 * Hostile requests built from a product route's own description (the OpenAPI operation the
 * route table derives from its zod schemas): a plausible request, then one part of it made bad.
 * A route added to the table is fuzzed the day it exists, with nothing to list by hand.
 */

/** The JSON Schema subset zod's `toJSONSchema` writes. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
}

interface Parameter {
  name: string;
  in: 'path' | 'query';
  schema: JsonSchema;
}

/** One operation of /rastro/openapi.json. */
export interface FuzzRoute {
  method: string;
  /** Who the route admits (`x-rastro-callers`, see product-routes.ts), when it says. */
  callers?: string;
  /** OpenAPI path, `{name}` for path parameters. */
  path: string;
  isPublic: boolean;
  parameters: Parameter[];
  body?: JsonSchema;
}

export function routesOf(openApi: { paths: Record<string, Record<string, { security?: unknown[]; parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: JsonSchema }> }; 'x-rastro-callers'?: string }>> }): FuzzRoute[] {
  return Object.entries(openApi.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      callers: operation['x-rastro-callers'],
      isPublic: Array.isArray(operation.security) && operation.security.length === 0,
      parameters: operation.parameters ?? [],
      body: operation.requestBody?.content['application/json']?.schema,
    })),
  );
}

/** One hostile request: `mustRefuse` when any correct server answers it with a 4xx. */
export interface FuzzCase {
  label: string;
  method: string;
  /** Path and query, already encoded. */
  url: string;
  /** Raw body text (possibly not JSON at all), or undefined for none. */
  body?: string;
  mustRefuse: boolean;
}

const A_DAY = 24 * 60 * 60 * 1000;

/** A value the schema accepts, as far as a plain reading of it goes. */
export function sample(schema: JsonSchema | undefined): unknown {
  if (!schema) return 'fuzz';
  if ('const' in schema) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) return sample(options.find((option) => option.type !== 'null') ?? options[0]);
  if (schema.allOf?.length) return sample(schema.allOf[0]);
  const type = Array.isArray(schema.type) ? (schema.type.find((t) => t !== 'null') ?? 'null') : schema.type;
  switch (type) {
    case 'string': {
      if (schema.format === 'date-time') return new Date(Date.now() + A_DAY).toISOString();
      if (schema.format === 'email') return 'fuzz@example.com';
      if (schema.pattern?.includes('#')) return '#123456';
      return 'fuzz'.padEnd(schema.minLength ?? 0, 'z');
    }
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, (schema.exclusiveMinimum ?? 0) + 1);
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 0, 1) }, () => sample(schema.items));
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, property]) => [key, sample(property)]));
    default:
      return 'fuzz';
  }
}

/** Every place in a sampled value a fuzzer may replace (`[]` is the whole value). */
function leafPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const here = [prefix];
  if (Array.isArray(value)) return [...here, ...value.flatMap((item, index) => leafPaths(item, [...prefix, index]))];
  if (value && typeof value === 'object') return [...here, ...Object.entries(value).flatMap(([key, item]) => leafPaths(item, [...prefix, key]))];
  return here;
}

function replaceAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const head = path[0] as string | number;
  const rest = path.slice(1);
  const copy = (Array.isArray(value) ? [...value] : { ...(value as Record<string, unknown>) }) as Record<string | number, unknown>;
  copy[head] = replaceAt(copy[head], rest, replacement);
  return copy;
}

/** Strings PostgreSQL's text and jsonb cannot hold, or no UTF-8 can encode. */
const UNSTORABLE = ['\u0000', 'a\u0000b', '\ud800', 'x\udfffy', '\udc00\ud800'];

interface Replacement {
  value: unknown;
  /** Bad whatever the field: a correct server refuses it. */
  alwaysBad: boolean;
}

const unstorableString: fc.Arbitrary<Replacement> = fc
  .tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...UNSTORABLE), fc.string({ maxLength: 8 }))
  .map(([before, bad, after]) => ({ value: `${before}${bad}${after}`, alwaysBad: true }));
const hugeString: fc.Arbitrary<Replacement> = fc.integer({ min: 5_000, max: 300_000 }).map((length) => ({ value: 'x'.repeat(length), alwaysBad: false }));
const wrongType: fc.Arbitrary<Replacement> = fc
  .constantFrom<unknown>(null, true, false, 0, -1, 1.5, 1e308, -0, '', [], {}, [null], { '\u0000': 1 }, '0x10', '1e3')
  .map((value) => ({ value, alwaysBad: false }));
const anyString: fc.Arbitrary<Replacement> = fc.string({ unit: 'binary', maxLength: 40 }).map((value) => ({ value, alwaysBad: false }));

const replacement = fc.oneof(unstorableString, hugeString, wrongType, anyString);

/** Raw bodies that are not a JSON object a route can take. */
const RAW_BODIES: { text: string; label: string }[] = [
  { text: 'null', label: 'null body' },
  { text: '{', label: 'malformed JSON' },
  { text: '{"a":}', label: 'malformed JSON' },
  { text: '{"n": 0x10}', label: 'hex number in JSON' },
  { text: '\u0000', label: 'NUL body' },
  { text: '"\\u0000"', label: 'string body' },
  { text: '[]', label: 'array body' },
  { text: '1e3', label: 'number body' },
];

/** Query and path values a strict server refuses (NUL, lone surrogate, hex and exponent numbers, bad escapes). */
const BAD_URL_VALUES: { encoded: string; label: string; alwaysBad: boolean; numeric?: boolean }[] = [
  { encoded: '%00', label: 'NUL', alwaysBad: true },
  // Not UTF-8: a path refuses it; a query reads it as U+FFFD, harmless text.
  { encoded: '%ED%A0%80', label: 'lone surrogate (CESU-8)', alwaysBad: false },
  { encoded: '%ZZ', label: 'bad escape', alwaysBad: false },
  { encoded: '0x10', label: 'hex number', alwaysBad: false, numeric: true },
  { encoded: '1e3', label: 'exponent number', alwaysBad: false, numeric: true },
  { encoded: '%201', label: 'padded number', alwaysBad: false, numeric: true },
  // Under Node's 16 KB header limit, whose 431 no application answer can shape.
  { encoded: 'x'.repeat(6_000), label: 'huge', alwaysBad: false },
];

const isNumeric = (schema: JsonSchema): boolean => {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  // A URL number is a string of digits (`urlIntegerSchema`).
  const digits = types.includes('string') && (schema.pattern?.includes('\\d') ?? false);
  return digits || types.includes('integer') || types.includes('number') || (schema.anyOf ?? []).some(isNumeric);
};

/** Sample values for path parameters: ids no one has, so an accepted mutation touches nothing real. */
function pathValue(parameter: Parameter): string {
  if (isNumeric(parameter.schema)) return '987654';
  const value = sample(parameter.schema);
  return encodeURIComponent(typeof value === 'string' && value === 'fuzz' ? 'fuzz.invalid' : String(value));
}

function urlOf(route: FuzzRoute, pathValues: Record<string, string>, query: Record<string, string>): string {
  const path = route.path.replace(/\{(\w+)\}/g, (_whole, name: string) => pathValues[name] ?? '');
  const search = Object.entries(query)
    .map(([key, value]) => `${encodeURIComponent(key)}=${value}`)
    .join('&');
  return search ? `${path}?${search}` : path;
}

function baseline(route: FuzzRoute): { pathValues: Record<string, string>; query: Record<string, string>; body: unknown } {
  const pathValues = Object.fromEntries(route.parameters.filter((p) => p.in === 'path').map((p) => [p.name, pathValue(p)]));
  return { pathValues, query: {}, body: route.body ? sample(route.body) : undefined };
}

const bodyText = (body: unknown): string | undefined => (body === undefined ? undefined : JSON.stringify(body));

/** The route's plausible request, nothing made bad: what a caller the route admits could send. */
export function plausibleRequest(route: FuzzRoute): { url: string; body?: string } {
  const { pathValues, query, body } = baseline(route);
  return { url: urlOf(route, pathValues, query), body: bodyText(body) };
}

/** The same hostile inputs for every route, each place once: the regression net. */
export function fixedCases(route: FuzzRoute): FuzzCase[] {
  const base = baseline(route);
  const cases: FuzzCase[] = [];
  const push = (label: string, url: string, body: string | undefined, mustRefuse: boolean) => cases.push({ label, method: route.method, url, body, mustRefuse });
  for (const parameter of route.parameters) {
    for (const bad of BAD_URL_VALUES) {
      const refuse = bad.alwaysBad || (bad.numeric === true && isNumeric(parameter.schema));
      if (parameter.in === 'path') push(`${bad.label} in path ${parameter.name}`, urlOf(route, { ...base.pathValues, [parameter.name]: bad.encoded }, {}), bodyText(base.body), refuse);
      else push(`${bad.label} in query ${parameter.name}`, urlOf(route, base.pathValues, { [parameter.name]: bad.encoded }), bodyText(base.body), refuse);
    }
  }
  if (route.body) {
    const bodyIsObject = route.body.type === 'object';
    for (const raw of RAW_BODIES) push(raw.label, urlOf(route, base.pathValues, {}), raw.text, bodyIsObject || raw.label.includes('JSON') || raw.label === 'NUL body');
    for (const path of leafPaths(base.body).filter((p) => p.length > 0)) {
      for (const bad of ['\u0000', '\ud800']) {
        push(`${JSON.stringify(bad)} at ${path.join('.')}`, urlOf(route, base.pathValues, {}), bodyText(replaceAt(base.body, path, bad)), true);
      }
    }
  }
  return cases;
}

function encodedOrNull(text: string): string | null {
  try {
    return encodeURIComponent(text);
  } catch {
    return null;
  }
}

/** Random hostile requests: one part of a plausible request replaced. */
export function randomCase(route: FuzzRoute): fc.Arbitrary<FuzzCase> {
  const base = baseline(route);
  const spots: fc.Arbitrary<FuzzCase>[] = [];
  const query = route.parameters.filter((p) => p.in === 'query');
  if (query.length) {
    spots.push(
      fc.tuple(fc.constantFrom(...query), fc.oneof(anyString, unstorableString, wrongType)).map(([parameter, bad]) => {
        const text = typeof bad.value === 'string' ? bad.value : JSON.stringify(bad.value);
        // A lone surrogate has no UTF-8: its CESU-8 bytes are the nearest a URL can send, and they
        // arrive as U+FFFD, harmless text.
        const encoded = encodedOrNull(text) ?? '%ED%A0%80';
        return { label: `query ${parameter.name}=${encoded.slice(0, 60)}`, method: route.method, url: urlOf(route, base.pathValues, { [parameter.name]: encoded }), body: bodyText(base.body), mustRefuse: bad.alwaysBad && encoded !== '%ED%A0%80' };
      }),
    );
  }
  if (route.body) {
    const paths = leafPaths(base.body);
    spots.push(
      fc.tuple(fc.constantFrom(...paths), replacement).map(([path, bad]) => ({
        label: `body ${path.join('.') || '(whole)'} = ${JSON.stringify(bad.value).slice(0, 60)}`,
        method: route.method,
        url: urlOf(route, base.pathValues, {}),
        body: bodyText(replaceAt(base.body, path, bad.value)),
        mustRefuse: bad.alwaysBad || (path.length === 0 && route.body?.type === 'object' && (bad.value === null || typeof bad.value !== 'object' || Array.isArray(bad.value))),
      })),
    );
  }
  if (!spots.length) {
    // Nothing declared: a stray query and body must not matter either.
    spots.push(fc.constantFrom(...UNSTORABLE).map((bad) => ({ label: 'stray input', method: route.method, url: `${urlOf(route, base.pathValues, {})}?x=%00`, body: route.method === 'GET' ? undefined : JSON.stringify({ x: bad }), mustRefuse: false })));
  }
  return fc.oneof(...spots);
}

/** Internals an answer must never show: stack frames, source paths, SQL and database errors. */
export const INTERNALS = /\bat [\w.<>]+ \(|node_modules|\/src\/|\.ts:\d+|\bSELECT\b|\bINSERT INTO\b|\bUPDATE \w+ SET\b|syntax error|violates|relation "|pglite|postgres|invalid byte sequence|unsupported Unicode/i;
