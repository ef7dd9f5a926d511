import { z } from 'zod';
import { ApiError, errorCodeFromText } from './http';

/**
 * SPEC §8: why a login was refused. The code comes from the answer's text before a hyphen
 * ("Account is suspended - pay …" → ACCOUNT_IS_SUSPENDED) or from an `error` field that may also
 * say whether a trust unlock is available and which invoices are open.
 */

/** An open invoice as a suspended-account answer lists it: the fields the notice shows. */
export const openInvoiceSchema = z
  .object({
    id: z.union([z.number(), z.string()]),
    dueDate: z.string().nullable().optional(),
    value: z.coerce.number().nullable().optional(),
    status: z.string().nullable().optional(),
    /** Where the user can pay it, when the billing provider gives one. */
    invoiceUrl: z.string().nullable().optional(),
  })
  .loose();
export type OpenInvoice = z.infer<typeof openInvoiceSchema>;

export interface LoginFailure {
  /** A SPEC §8 code (HTTP_401_UNAUTHORIZED, ACCOUNT_IS_SUSPENDED_TRUST, …), NETWORK_ERROR, or another upper-case code. */
  code: string;
  trustAvailable: boolean;
  invoices: OpenInvoice[];
}

const errorDetailSchema = z
  .object({
    code: z.string().optional(),
    message: z.string().optional(),
    error: z.string().optional(),
    trustAvailable: z.union([z.boolean(), z.literal('true'), z.literal('false')]).optional(),
    invoices: z.array(z.unknown()).optional(),
  })
  .loose();

const errorAnswerSchema = z
  .object({
    error: z.union([z.string(), errorDetailSchema]).optional(),
    code: z.string().optional(),
    trustAvailable: errorDetailSchema.shape.trustAvailable,
    invoices: errorDetailSchema.shape.invoices,
  })
  .loose();

function asCode(text: string | undefined): string | undefined {
  if (!text) return undefined;
  // Already a code (ACCOUNT_IS_SUSPENDED) or a sentence to turn into one.
  return /^[A-Z0-9_]+$/.test(text) ? text : errorCodeFromText(text, '') || undefined;
}

function invoicesFrom(list: unknown[] | undefined): OpenInvoice[] {
  return (list ?? []).flatMap((item) => {
    const parsed = openInvoiceSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

interface JsonFailure {
  isJson: boolean;
  code?: string;
  trustAvailable: boolean;
  invoices: OpenInvoice[];
}

function fromJson(body: string): JsonFailure {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { isJson: false, trustAvailable: false, invoices: [] };
  }
  const answer = errorAnswerSchema.safeParse(json);
  if (!answer.success) return { isJson: true, trustAvailable: false, invoices: [] };
  const detail = typeof answer.data.error === 'object' ? answer.data.error : undefined;
  const code = asCode(detail?.code ?? detail?.error ?? detail?.message) ?? asCode(typeof answer.data.error === 'string' ? answer.data.error : undefined) ?? asCode(answer.data.code);
  const trust = detail?.trustAvailable ?? answer.data.trustAvailable;
  return { isJson: true, code, trustAvailable: trust === true || trust === 'true', invoices: invoicesFrom(detail?.invoices ?? answer.data.invoices) };
}

export function loginFailureFrom(error: unknown): LoginFailure {
  if (!(error instanceof ApiError)) return { code: 'unexpected', trustAvailable: false, invoices: [] };
  const json = fromJson(error.body);
  let code = json.code ?? (error.body && !json.isJson ? errorCodeFromText(error.body, error.code) : error.code);
  // A suspension that offers a trust unlock has its own message (SPEC §8 ACCOUNT_IS_SUSPENDED_TRUST).
  if (code === 'ACCOUNT_IS_SUSPENDED' && json.trustAvailable) code = 'ACCOUNT_IS_SUSPENDED_TRUST';
  const trustAvailable = json.trustAvailable || code === 'ACCOUNT_IS_SUSPENDED_TRUST';
  return { code, trustAvailable, invoices: json.invoices };
}
