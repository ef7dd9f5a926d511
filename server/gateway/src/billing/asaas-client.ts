/**
 * The Asaas API v3 calls billing makes (customers, payments, cash receipts, the payer's codes).
 * Reads and deletes are retried with backoff on timeouts, 429 and 5xx; creations are not (a lost
 * answer may hide a success): the engine looks a payment up by its externalReference before
 * creating it, so a retried run never creates a second one.
 */

export const ASAAS_PRODUCTION_URL = 'https://api.asaas.com/v3';
export const ASAAS_SANDBOX_URL = 'https://api-sandbox.asaas.com/v3';

/** The API's base: ASAAS_BASE_URL when set (tests point it at @rastro/asaas), else the integration's sandbox or production. */
export function asaasBaseUrl(sandbox: boolean, override = process.env.ASAAS_BASE_URL): string {
  if (override) return override.replace(/\/+$/, '');
  return sandbox ? ASAAS_SANDBOX_URL : ASAAS_PRODUCTION_URL;
}

export interface AsaasErrorItem {
  code: string;
  description: string;
}

/** A refusal (4xx, Asaas's error list) or a failure (5xx, timeout, unreachable: status 0). */
export class AsaasCallError extends Error {
  constructor(
    readonly status: number,
    readonly errors: AsaasErrorItem[],
    readonly path: string,
  ) {
    super(errors.length ? errors.map((error) => error.description).join('; ') : `Asaas answered ${status} to ${path}`);
    this.name = 'AsaasCallError';
  }

  /** Worth trying again later: the provider failed, not the request. */
  get transient(): boolean {
    return this.status === 0 || this.status === 429 || this.status >= 500;
  }

  has(code: string): boolean {
    return this.errors.some((error) => error.code === code);
  }
}

export interface AsaasCustomerInput {
  name: string;
  cpfCnpj: string;
  email?: string | null;
  phone?: string | null;
  externalReference: string;
}

export interface AsaasPaymentInput {
  customer: string;
  billingType: 'BOLETO' | 'CREDIT_CARD' | 'PIX' | 'UNDEFINED';
  /** Reais, two decimals (Asaas's unit). */
  value: number;
  dueDate: string;
  description?: string | null;
  externalReference: string;
  fine?: { value: number; type: 'FIXED' | 'PERCENTAGE' };
  interest?: { value: number };
  discount?: { value: number; dueDateLimitDays: number; type: 'FIXED' | 'PERCENTAGE' };
}

export interface AsaasPayment {
  id: string;
  customer: string;
  status: string;
  value: number;
  dueDate: string;
  invoiceUrl: string | null;
  externalReference: string | null;
  paymentDate: string | null;
  clientPaymentDate: string | null;
  confirmedDate?: string | null;
  deleted: boolean;
}

export interface AsaasClientOptions {
  baseUrl: string;
  apiKey: string;
  /** Per call; default 15 s. */
  timeoutMs?: number;
  /** Tries of a retried call; default 3. */
  attempts?: number;
  /** First retry delay, doubled each time; default 300 ms. */
  retryBaseMs?: number;
}

/** A service invoice (nota fiscal) for a received payment (Asaas `POST /v3/invoices`). */
export interface AsaasFiscalInvoiceInput {
  payment: string;
  serviceDescription: string;
  observations: string;
  /** Reais. */
  value: number;
  deductions: number;
  effectiveDate: string;
  municipalServiceCode: string;
  municipalServiceName?: string;
  externalReference: string;
  taxes: { retainIss: boolean; iss: number; cofins: number; csll: number; inss: number; ir: number; pis: number };
}

export interface AsaasFiscalInvoice {
  id: string;
  status: string;
  payment: string;
  number: string | null;
  externalReference: string | null;
}

interface List<T> {
  data: T[];
}

export class AsaasClient {
  constructor(private readonly options: AsaasClientOptions) {}

  findCustomer(externalReference: string): Promise<{ id: string } | null> {
    return this.first<{ id: string }>(`/customers?externalReference=${encodeURIComponent(externalReference)}`);
  }

  createCustomer(input: AsaasCustomerInput): Promise<{ id: string }> {
    return this.call('POST', '/customers', input, { retry: false });
  }

  /** The live (not deleted) payment made for `externalReference`, if any. */
  findPayment(externalReference: string): Promise<AsaasPayment | null> {
    return this.first<AsaasPayment>(`/payments?externalReference=${encodeURIComponent(externalReference)}`);
  }

  createPayment(input: AsaasPaymentInput): Promise<AsaasPayment> {
    return this.call('POST', '/payments', input, { retry: false });
  }

  getPayment(id: string): Promise<AsaasPayment> {
    return this.call('GET', `/payments/${encodeURIComponent(id)}`);
  }

  /** Cancels an unpaid payment; one already gone counts as done. */
  async deletePayment(id: string): Promise<void> {
    try {
      await this.call('DELETE', `/payments/${encodeURIComponent(id)}`);
    } catch (error) {
      if (!(error instanceof AsaasCallError && error.status === 404)) throw error;
    }
  }

  receiveInCash(id: string, input: { paymentDate: string; value: number; notifyCustomer: boolean }): Promise<AsaasPayment> {
    return this.call('POST', `/payments/${encodeURIComponent(id)}/receiveInCash`, input, { retry: false });
  }

  /** The boleto's typeable line. */
  identificationField(id: string): Promise<{ identificationField: string; nossoNumero: string; barCode: string }> {
    return this.call('GET', `/payments/${encodeURIComponent(id)}/identificationField`);
  }

  pixQrCode(id: string): Promise<{ encodedImage: string; payload: string; expirationDate: string }> {
    return this.call('GET', `/payments/${encodeURIComponent(id)}/pixQrCode`);
  }

  /** The service invoice scheduled for `externalReference`, if any (look before scheduling: a retried run never issues two). */
  findFiscalInvoice(externalReference: string): Promise<AsaasFiscalInvoice | null> {
    return this.first<AsaasFiscalInvoice>(`/invoices?externalReference=${encodeURIComponent(externalReference)}`);
  }

  scheduleFiscalInvoice(input: AsaasFiscalInvoiceInput): Promise<AsaasFiscalInvoice> {
    return this.call('POST', '/invoices', input, { retry: false });
  }

  /** Issues a scheduled service invoice now. */
  authorizeFiscalInvoice(id: string): Promise<AsaasFiscalInvoice> {
    return this.call('POST', `/invoices/${encodeURIComponent(id)}/authorize`, {}, { retry: false });
  }

  private async first<T>(path: string): Promise<T | null> {
    const list = await this.call<List<T>>('GET', path);
    return list.data[0] ?? null;
  }

  private async call<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown, { retry = true } = {}): Promise<T> {
    const attempts = retry ? (this.options.attempts ?? 3) : 1;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.once<T>(method, path, body);
      } catch (error) {
        if (!(error instanceof AsaasCallError && error.transient) || attempt >= attempts) throw error;
        await new Promise((resolve) => setTimeout(resolve, (this.options.retryBaseMs ?? 300) * 2 ** (attempt - 1)));
      }
    }
  }

  private async once<T>(method: string, path: string, body: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${this.options.baseUrl}${path}`, {
        method,
        headers: { access_token: this.options.apiKey, accept: 'application/json', 'user-agent': 'Rastro', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 15_000),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      const description = timedOut ? `Asaas did not answer ${path} in ${this.options.timeoutMs ?? 15_000} ms` : `Asaas unreachable: ${error instanceof Error ? error.message : String(error)}`;
      throw new AsaasCallError(0, [{ code: timedOut ? 'timeout' : 'unreachable', description }], path);
    }
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (response.status >= 400) {
      const errors = (json as { errors?: AsaasErrorItem[] } | null)?.errors;
      throw new AsaasCallError(response.status, Array.isArray(errors) ? errors : [], path);
    }
    return json as T;
  }
}
