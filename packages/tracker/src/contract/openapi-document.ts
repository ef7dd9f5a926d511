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
  paths: Record<string, Partial<Record<Lowercase<HttpMethod>, OpenApiOperation>>>;
  components: { schemas: Record<string, JsonSchema> };
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The monorepo root: the nearest folder above this file with pnpm-workspace.yaml. */
export function repositoryRoot(from = __dirname): string {
  let folder = from;
  while (!existsSync(path.join(folder, 'pnpm-workspace.yaml'))) {
    const parent = path.dirname(folder);
    if (parent === folder) throw new Error(`no pnpm-workspace.yaml above ${from}: cannot find the repository root`);
    folder = parent;
  }
  return folder;
}

/**
 * Traccar's own OpenAPI file. It lives in the product docs, checked out as `shared/` beside the
 * repository (locally and in CI): `<repo>/../shared/reference/traccar-openapi.yaml`. A missing
 * file is an error, never a skipped test — the contract must not silently go unchecked.
 */
export function traccarOpenApiPath(): string {
  return path.resolve(repositoryRoot(), '..', 'shared', 'reference', 'traccar-openapi.yaml');
}

export function loadTraccarOpenApi(file = traccarOpenApiPath()): OpenApiDocument {
  if (!existsSync(file)) {
    throw new Error(`Traccar's OpenAPI file is missing at ${file}: check out the product docs as "shared/" beside the repository`);
  }
  const document = parse(readFileSync(file, 'utf8')) as OpenApiDocument;
  if (!document?.openapi?.startsWith('3.1') || !document.paths || !document.components?.schemas) {
    throw new Error(`${file} is not an OpenAPI 3.1 document with paths and component schemas`);
  }
  return document;
}
