/**
 * A small fetch wrapper shared by both API clients. Every call has a timeout (an aborted call
 * rejects with ApiError code TIMEOUT) and answers at or above `failFromStatus` reject with ApiError,
 * so callers only handle the happy path and one error type.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly body: string,
  ) {
    super(`${code} (${status})`);
    this.name = 'ApiError';
  }
}

export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** Sent as application/x-www-form-urlencoded, as Traccar's session endpoints expect. */
  form?: Record<string, string>;
  json?: unknown;
  accept?: string;
  /** Lets the caller give up (a long report cancelled): the call rejects with ApiError code ABORTED. */
  signal?: AbortSignal;
}

export interface HttpClientOptions {
  baseUrl: string;
  timeoutMs: number;
  failFromStatus?: number;
  fetchImpl?: typeof fetch;
}

export interface HttpClient {
  readonly baseUrl: string;
  readonly timeoutMs: number;
  request(path: string, options?: RequestOptions): Promise<Response>;
  json<T>(path: string, options?: RequestOptions): Promise<T>;
}

/** Repeated keys (`id=1&id=2`) for arrays, as Traccar reads them; empty values are left out. */
export function toQueryString(query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) value.forEach((item) => params.append(key, String(item)));
    else params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** "jakarta.ws.rs.WebApplicationException: HTTP 401 Unauthorized" → "HTTP_401_UNAUTHORIZED". */
export function errorCodeFromText(text: string, fallback: string): string {
  const firstLine = text.split('\n')[0] ?? '';
  const withoutException = firstLine.replace(/^[\w.$]+(Exception|Error):\s*/, '');
  const beforeHyphen = withoutException.split(' - ')[0]?.trim() ?? '';
  if (!beforeHyphen || beforeHyphen.length > 80) return fallback;
  return beforeHyphen.toUpperCase().replace(/[^A-Z0-9]+/g, '_').replace(/^_|_$/g, '');
}

async function errorFrom(response: Response): Promise<ApiError> {
  const body = await response.text().catch(() => '');
  let code = errorCodeFromText(body, `HTTP_${response.status}`);
  try {
    const parsed = JSON.parse(body) as { code?: unknown };
    if (typeof parsed.code === 'string') code = parsed.code;
  } catch {
    // Traccar answers most errors as plain text: the code comes from the text.
  }
  return new ApiError(response.status, code, body);
}

export function createHttpClient({ baseUrl, timeoutMs, failFromStatus = 400, fetchImpl }: HttpClientOptions): HttpClient {
  async function request(path: string, options: RequestOptions = {}): Promise<Response> {
    const headers: Record<string, string> = { Accept: options.accept ?? 'application/json' };
    let body: string | undefined;
    if (options.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.form).toString();
    } else if (options.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const cancel = () => controller.abort();
    options.signal?.addEventListener('abort', cancel);
    if (options.signal?.aborted) controller.abort();
    const doFetch = fetchImpl ?? fetch;
    try {
      const response = await doFetch(`${baseUrl}${path}${toQueryString(options.query)}`, {
        method: options.method ?? 'GET',
        headers,
        body,
        credentials: 'include',
        signal: controller.signal,
      });
      if (response.status >= failFromStatus) throw await errorFrom(response);
      return response;
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (options.signal?.aborted) throw new ApiError(0, 'ABORTED', '');
      if (controller.signal.aborted) throw new ApiError(0, 'TIMEOUT', '');
      throw new ApiError(0, 'NETWORK_ERROR', String(error));
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', cancel);
    }
  }

  async function json<T>(path: string, options?: RequestOptions): Promise<T> {
    const response = await request(path, options);
    const text = await response.text();
    return (text ? JSON.parse(text) : null) as T;
  }

  return { baseUrl, timeoutMs, request, json };
}
