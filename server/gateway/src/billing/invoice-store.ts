import { toDate, toNumber, type Database } from '@rastro/db';
import { openInvoiceStatuses, type ChargeTerms, type Invoice, type InvoiceQuery, type InvoiceStatus } from '@rastro/shared/contract';

interface InvoiceRow {
  id: unknown;
  user_id: unknown;
  period: string;
  due_date: string;
  value_cents: unknown;
  status: InvoiceStatus;
  paid_date: string | null;
  paid_value_cents: unknown;
  charges: unknown;
  description: string | null;
  terms: unknown;
  provider_payment_id: string | null;
  invoice_url: string | null;
  provider_error: string | null;
  cancelled_at: unknown;
  suspended_at: unknown;
  created_at: unknown;
  provider_account: unknown;
}

/** An invoice as billing handles it: the answer's fields plus what only the gateway needs. */
export interface StoredInvoice extends Invoice {
  terms: ChargeTerms;
  providerPaymentId: string | null;
  /** The reseller whose Asaas account holds the charge; null: the installation's (or not charged yet). */
  providerAccount: number | null;
  suspended: boolean;
}

// Dates as text: PGlite and node-postgres would otherwise turn them into local-time Date objects.
const COLUMNS = `id, user_id, period, due_date::text AS due_date, value_cents, status, paid_date::text AS paid_date, paid_value_cents, charges, description, terms,
  provider_payment_id, invoice_url, provider_error, cancelled_at, suspended_at, created_at, provider_account`;
const OPEN = `status IN (${openInvoiceStatuses.map((status) => `'${status}'`).join(', ')}) AND cancelled_at IS NULL`;

const nullableNumber = (value: unknown) => (value === null || value === undefined ? null : toNumber(value));
const iso = (value: unknown) => toDate(value)?.toISOString() ?? null;

function toInvoice(row: InvoiceRow): StoredInvoice {
  return {
    id: toNumber(row.id),
    userId: toNumber(row.user_id),
    period: row.period,
    dueDate: row.due_date,
    valueCents: toNumber(row.value_cents),
    status: row.status,
    paidDate: row.paid_date,
    paidValueCents: nullableNumber(row.paid_value_cents),
    charges: toNumber(row.charges),
    description: row.description,
    invoiceUrl: row.invoice_url,
    cancelledAt: iso(row.cancelled_at),
    providerError: row.provider_error,
    createdAt: iso(row.created_at) ?? '',
    terms: (typeof row.terms === 'string' ? JSON.parse(row.terms) : row.terms) as ChargeTerms,
    providerPaymentId: row.provider_payment_id,
    providerAccount: nullableNumber(row.provider_account),
    suspended: row.suspended_at !== null,
  };
}

/** Strips what only the gateway keeps. */
export function publicInvoice({ terms: _terms, providerPaymentId: _payment, providerAccount: _account, suspended: _suspended, ...invoice }: StoredInvoice): Invoice {
  return invoice;
}

/** rastro_invoices and the provider's customers. */
export class InvoiceStore {
  constructor(private readonly db: Database) {}

  /** A new invoice for the user's period, or null when that period already has one. */
  async insert(input: { userId: number; period: string; dueDate: string; valueCents: number; description: string | null; terms: ChargeTerms }): Promise<StoredInvoice | null> {
    const [row] = await this.db.query<InvoiceRow>(
      `INSERT INTO rastro_invoices (user_id, period, due_date, value_cents, description, terms) VALUES ($1, $2, $3::date, $4, $5, $6::jsonb)
       ON CONFLICT (user_id, period) DO NOTHING RETURNING ${COLUMNS}`,
      [input.userId, input.period, input.dueDate, input.valueCents, input.description, JSON.stringify(input.terms)],
    );
    return row ? toInvoice(row) : null;
  }

  async get(id: number): Promise<StoredInvoice | null> {
    const [row] = await this.db.query<InvoiceRow>(`SELECT ${COLUMNS} FROM rastro_invoices WHERE id = $1`, [id]);
    return row ? toInvoice(row) : null;
  }

  async byPayment(paymentId: string): Promise<StoredInvoice | null> {
    const [row] = await this.db.query<InvoiceRow>(`SELECT ${COLUMNS} FROM rastro_invoices WHERE provider_payment_id = $1`, [paymentId]);
    return row ? toInvoice(row) : null;
  }

  /** Newest due date first; `userIds` null for every user. */
  async list(filter: InvoiceQuery & { userIds: number[] | null; today: string }): Promise<StoredInvoice[]> {
    const where: string[] = [];
    const values: unknown[] = [];
    const add = (clause: (at: string) => string, value: unknown) => {
      values.push(value);
      where.push(clause(`$${values.length}`));
    };
    if (filter.userIds) add((at) => `user_id = ANY(${at}::bigint[])`, filter.userIds);
    if (filter.userId !== undefined) add((at) => `user_id = ${at}`, filter.userId);
    if (filter.status) add((at) => `status = ${at}`, filter.status);
    if (filter.period) add((at) => `period = ${at}`, filter.period);
    if (filter.overdue !== undefined) add((at) => (filter.overdue ? `(${OPEN} AND due_date < ${at}::date)` : `NOT (${OPEN} AND due_date < ${at}::date)`), filter.today);
    const rows = await this.db.query<InvoiceRow>(`SELECT ${COLUMNS} FROM rastro_invoices ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY due_date DESC, id DESC LIMIT 1000`, values);
    return rows.map(toInvoice);
  }

  /** The user's open invoices, oldest first. */
  async openOf(userId: number): Promise<StoredInvoice[]> {
    const rows = await this.db.query<InvoiceRow>(`SELECT ${COLUMNS} FROM rastro_invoices WHERE user_id = $1 AND ${OPEN} ORDER BY due_date, id`, [userId]);
    return rows.map(toInvoice);
  }

  /** Open invoices whose charge is still to be issued at the provider. */
  async uncharged(): Promise<StoredInvoice[]> {
    const rows = await this.db.query<InvoiceRow>(`SELECT ${COLUMNS} FROM rastro_invoices WHERE provider_payment_id IS NULL AND ${OPEN} ORDER BY id LIMIT 500`);
    return rows.map(toInvoice);
  }

  /** Open invoices past their due date that have not suspended their account yet. */
  async overdueUnsuspended(today: string): Promise<StoredInvoice[]> {
    const rows = await this.db.query<InvoiceRow>(`SELECT ${COLUMNS} FROM rastro_invoices WHERE ${OPEN} AND suspended_at IS NULL AND due_date < $1::date ORDER BY due_date, id`, [today]);
    return rows.map(toInvoice);
  }

  /** PENDING past the due date → OVERDUE (the provider says so too, but a webhook may be late or lost). */
  async markOverdue(today: string): Promise<number[]> {
    const rows = await this.db.query<{ id: unknown }>(`UPDATE rastro_invoices SET status = 'OVERDUE', updated_at = now() WHERE status = 'PENDING' AND cancelled_at IS NULL AND due_date < $1::date RETURNING id`, [today]);
    return rows.map((row) => toNumber(row.id));
  }

  /** Records the charge; false when another run recorded one first. */
  async setCharge(id: number, paymentId: string, invoiceUrl: string | null, account: number | null): Promise<boolean> {
    const rows = await this.db.query(
      `UPDATE rastro_invoices SET provider_payment_id = $2, invoice_url = $3, provider_account = $4, charges = charges + 1, provider_error = NULL, updated_at = now() WHERE id = $1 AND provider_payment_id IS NULL RETURNING id`,
      [id, paymentId, invoiceUrl, account],
    );
    return rows.length > 0;
  }

  async setProviderError(id: number, message: string | null): Promise<void> {
    await this.db.query('UPDATE rastro_invoices SET provider_error = $2, updated_at = now() WHERE id = $1', [id, message]);
  }

  /** Moves the invoice from `from` (as read) to `to`; false when it changed meanwhile. */
  async moveStatus(id: number, from: InvoiceStatus, to: InvoiceStatus, paid: { date: string; valueCents: number } | null): Promise<boolean> {
    const rows = await this.db.query(
      `UPDATE rastro_invoices SET status = $3, paid_date = COALESCE($4::date, paid_date), paid_value_cents = COALESCE($5, paid_value_cents), updated_at = now()
       WHERE id = $1 AND status = $2 RETURNING id`,
      [id, from, to, paid?.date ?? null, paid?.valueCents ?? null],
    );
    return rows.length > 0;
  }

  /** False when it was already cancelled. */
  async cancel(id: number): Promise<boolean> {
    const rows = await this.db.query('UPDATE rastro_invoices SET cancelled_at = now(), updated_at = now() WHERE id = $1 AND cancelled_at IS NULL RETURNING id', [id]);
    return rows.length > 0;
  }

  async markSuspended(id: number): Promise<void> {
    await this.db.query('UPDATE rastro_invoices SET suspended_at = now() WHERE id = $1', [id]);
  }

  /** Whether another open invoice of the user keeps it suspended. */
  async stillSuspending(userId: number): Promise<boolean> {
    const rows = await this.db.query(`SELECT 1 FROM rastro_invoices WHERE user_id = $1 AND ${OPEN} AND suspended_at IS NOT NULL LIMIT 1`, [userId]);
    return rows.length > 0;
  }

  /** The user's customer at the account's provider (a user that moves to another account is a new customer there). */
  async customerOf(userId: number, account: number | null): Promise<string | null> {
    const [row] = await this.db.query<{ provider_customer_id: string }>('SELECT provider_customer_id FROM rastro_billing_customers WHERE user_id = $1 AND provider_account IS NOT DISTINCT FROM $2', [userId, account]);
    return row?.provider_customer_id ?? null;
  }

  async setCustomer(userId: number, customerId: string, account: number | null): Promise<void> {
    await this.db.query(
      'INSERT INTO rastro_billing_customers (user_id, provider_customer_id, provider_account) VALUES ($1, $2, $3) ON CONFLICT (user_id) DO UPDATE SET provider_customer_id = EXCLUDED.provider_customer_id, provider_account = EXCLUDED.provider_account',
      [userId, customerId, account],
    );
  }

  /** Keeps a webhook event once: false when its key was seen before. */
  async keepEvent(eventKey: string, event: string, paymentId: string | null, body: unknown, account: number | null): Promise<boolean> {
    const rows = await this.db.query(
      'INSERT INTO rastro_billing_webhook_events (event_id, event, payment_id, body, provider_account) VALUES ($1, $2, $3, $4::jsonb, $5) ON CONFLICT (event_id) DO NOTHING RETURNING event_id',
      [eventKey, event, paymentId, JSON.stringify(body), account],
    );
    return rows.length > 0;
  }

  async event(eventKey: string): Promise<{ event: string; body: unknown; processed: boolean; account: number | null } | null> {
    const [row] = await this.db.query<{ event: string; body: unknown; processed_at: unknown; provider_account: unknown }>('SELECT event, body, processed_at, provider_account FROM rastro_billing_webhook_events WHERE event_id = $1', [eventKey]);
    return row ? { event: row.event, body: typeof row.body === 'string' ? JSON.parse(row.body) : row.body, processed: row.processed_at !== null, account: nullableNumber(row.provider_account) } : null;
  }

  async eventProcessed(eventId: string, outcome: string): Promise<void> {
    await this.db.query('UPDATE rastro_billing_webhook_events SET processed_at = now(), outcome = $2 WHERE event_id = $1', [eventId, outcome]);
  }
}
