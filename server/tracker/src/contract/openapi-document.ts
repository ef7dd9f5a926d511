import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

/** The parts of an OpenAPI 3.1 document the contract checks read. */
export type JsonSchema = Record<string, unknown>;

export interface OpenApiResponse {
  description?: string;
  content?: Record<string, { schema?: JsonSchema }>;
}

export interface OpenApiOperation {
  operationId?: string;
  responses: Record<string, OpenApiResponse>;
}

export interface OpenApiDocument {
  openapi: string;
  info?: { title?: string; version?: string };
  paths: Record<string, Partial<Record<Lowercase<HttpMethod>, OpenApiOperation>>>;
  components: { schemas: Record<string, JsonSchema> };
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Traccar's own OpenAPI file, kept unchanged in the package (see reference/README.md). A missing
 * file is an error, never a skipped test — the contract must not silently go unchecked.
 */
export function traccarOpenApiPath(): string {
  return path.resolve(__dirname, '..', '..', 'reference', 'traccar-openapi.yaml');
}

export function loadTraccarOpenApi(file = traccarOpenApiPath()): OpenApiDocument {
  if (!existsSync(file)) {
    throw new Error(`Traccar's OpenAPI file is missing at ${file}: see packages/tracker/reference/README.md`);
  }
  const document = parse(readFileSync(file, 'utf8')) as OpenApiDocument;
  if (!document?.openapi?.startsWith('3.1') || !document.paths || !document.components?.schemas) {
    throw new Error(`${file} is not an OpenAPI 3.1 document with paths and component schemas`);
  }
  return document;
}
