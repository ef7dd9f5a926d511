import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { loadTraccarOpenApi, type HttpMethod, type OpenApiDocument, type OpenApiOperation } from './openapi-document';
import { socketMessageSchema, withDocumentedExtras } from './schema-extensions';

/**
 * Statuses Traccar answers on every resource whatever the file lists: its security filter (401),
 * its exception mapper (400 with the message) and JAX-RS for unknown objects (404). Their bodies
 * are text, which the file does not describe either.
 */
const ANSWERED_ANYWHERE = new Set([400, 401, 404]);
const SCHEMA_ID = 'traccar-openapi';

interface Match {
  template: string;
  operation: OpenApiOperation;
}

/** Traccar's OpenAPI file (with ./schema-extensions.ts applied) compiled for response checks. */
export class OpenApiContract {
  private readonly ajv = new Ajv2020({ allErrors: true, strict: false });
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(private readonly document: OpenApiDocument) {
    addFormats(this.ajv);
    // OpenAPI's integer formats only size the number; the type keyword already checks it.
    for (const format of ['int32', 'int64', 'password']) this.ajv.addFormat(format, true);
    this.ajv.addSchema(document as unknown as Record<string, unknown>, SCHEMA_ID);
  }

  /** The documented operation a concrete request (`/api/devices/3?all=true`) hits. */
  match(method: HttpMethod, requestPath: string): Match | undefined {
    const segments = apiSegments(requestPath);
    const candidates = Object.keys(this.document.paths)
      .filter((template) => this.document.paths[template]?.[lowercase(method)])
      .map((template) => ({ template, score: matchScore(template.split('/').slice(1), segments) }))
      .filter((candidate) => candidate.score >= 0)
      .sort((a, b) => b.score - a.score);
    const best = candidates[0];
    const operation = best && this.document.paths[best.template]?.[lowercase(method)];
    return best && operation ? { template: best.template, operation } : undefined;
  }

  /** Why a response does not match the file: an empty list when it does. */
  problems(method: HttpMethod, requestPath: string, status: number, body: unknown): string[] {
    const match = this.match(method, requestPath);
    if (!match) return [`${method} ${requestPath} is not in Traccar's OpenAPI file`];
    const response = match.operation.responses[String(status)];
    if (!response) {
      if (ANSWERED_ANYWHERE.has(status)) return [];
      return [`${method} ${match.template} does not document status ${status} (documented: ${Object.keys(match.operation.responses).join(', ')})`];
    }
    const mediaType = Object.keys(response.content ?? {}).find((type) => response.content?.[type]?.schema);
    if (!mediaType) {
      // No schema: a success has no body; an error's text body is not described.
      return status < 300 && body !== undefined && body !== '' ? [`${method} ${match.template} ${status} documents no body, got ${JSON.stringify(body)}`] : [];
    }
    const pointer = ['paths', match.template, lowercase(method), 'responses', String(status), 'content', mediaType, 'schema'].map(escapePointer).join('/');
    const validate = this.validator(`${SCHEMA_ID}#/${pointer}`);
    if (validate(body)) return [];
    return (validate.errors ?? []).map((error) => `${match.template} ${status} ${mediaType}: body${error.instancePath} ${error.message ?? 'is invalid'} ${formatParams(error.params)}`);
  }

  /** Why a websocket message does not match what TRACCAR.md and the file's schemas say: empty when it does. */
  socketProblems(message: unknown): string[] {
    this.socketValidator ??= this.ajv.compile(socketMessageSchema(SCHEMA_ID) as Record<string, unknown>);
    if (this.socketValidator(message)) return [];
    return (this.socketValidator.errors ?? []).map((error) => `socket message${error.instancePath} ${error.message ?? 'is invalid'} ${formatParams(error.params)}`);
  }

  private socketValidator: ValidateFunction | undefined;

  private validator(ref: string): ValidateFunction {
    let validate = this.validators.get(ref);
    if (!validate) {
      validate = this.ajv.compile({ $ref: ref });
      this.validators.set(ref, validate);
    }
    return validate;
  }
}

let shared: OpenApiContract | undefined;

/** The contract every test shares: the file is parsed and compiled once per test file. */
export function traccarContract(): OpenApiContract {
  shared ??= new OpenApiContract(withDocumentedExtras(loadTraccarOpenApi()));
  return shared;
}

/**
 * Fails (throws) unless a response is what Traccar's OpenAPI file allows for that request:
 * a documented operation and status, and a body that matches its schema. `path` is the request
 * path as sent, e.g. `/api/devices?all=true`; `body` the parsed JSON, the text, or undefined.
 */
export function expectToMatchOpenApi(method: HttpMethod, path: string, status: number, body: unknown): void {
  const problems = traccarContract().problems(method, path, status, body);
  if (problems.length > 0) throw new Error(`${method} ${path} → ${status} breaks Traccar's OpenAPI contract:\n  ${problems.join('\n  ')}`);
}

/** Fails (throws) unless a websocket message is one TRACCAR.md describes, its items matching the file's schemas. */
export function expectSocketMessageToMatchOpenApi(message: unknown): void {
  const problems = traccarContract().socketProblems(message);
  if (problems.length > 0) throw new Error(`socket message breaks Traccar's contract: ${JSON.stringify(message).slice(0, 300)}\n  ${problems.join('\n  ')}`);
}

function apiSegments(requestPath: string): string[] {
  const pathname = requestPath.split('?')[0] ?? '';
  return pathname.replace(/^\/api(?=\/)/, '').split('/').slice(1);
}

/** -1 when the template does not fit; otherwise its count of literal segments (more specific wins). */
function matchScore(template: string[], segments: string[]): number {
  if (template.length !== segments.length) return -1;
  let literals = 0;
  for (const [index, part] of template.entries()) {
    if (/^\{[^}]+\}$/.test(part)) continue;
    if (part !== segments[index]) return -1;
    literals += 1;
  }
  return literals;
}

function lowercase(method: HttpMethod): Lowercase<HttpMethod> {
  return method.toLowerCase() as Lowercase<HttpMethod>;
}

function escapePointer(part: string): string {
  return encodeURIComponent(part.replace(/~/g, '~0').replace(/\//g, '~1'));
}

function formatParams(params: Record<string, unknown>): string {
  return Object.keys(params).length > 0 ? JSON.stringify(params) : '';
}
