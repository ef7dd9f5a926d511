import { randomBytes } from 'node:crypto';

export type BillingType = 'BOLETO' | 'CREDIT_CARD' | 'PIX' | 'UNDEFINED';
export const billingTypes: readonly BillingType[] = ['BOLETO', 'CREDIT_CARD', 'PIX', 'UNDEFINED'];

export type PaymentStatus =
  | 'PENDING'
  | 'RECEIVED'
  | 'CONFIRMED'
  | 'OVERDUE'
  | 'REFUNDED'
  | 'RECEIVED_IN_CASH'
  | 'REFUND_REQUESTED'
  | 'REFUND_IN_PROGRESS'
  | 'CHARGEBACK_REQUESTED'
  | 'CHARGEBACK_DISPUTE'
  | 'AWAITING_CHARGEBACK_REVERSAL'
  | 'DUNNING_REQUESTED'
  | 'DUNNING_RECEIVED'
  | 'AWAITING_RISK_ANALYSIS';

export interface Customer {
  id: string;
  dateCreated: string;
  name: string;
  cpfCnpj: string;
  personType: 'FISICA' | 'JURIDICA';
  email: string | null;
  phone: string | null;
  mobilePhone: string | null;
  externalReference: string | null;
  deleted: boolean;
}

export interface Payment {
  id: string;
  /** The number shown on the invoice page and in the boleto's free field. */
  invoiceNumber: string;
  dateCreated: string;
  customer: string;
  billingType: BillingType;
  valueCents: number;
  /** What was paid (fine and interest in, discount out), once paid. */
  paidCents: number | null;
  dueDate: string;
  originalDueDate: string;
  description: string | null;
  externalReference: string | null;
  status: PaymentStatus;
  paymentDate: string | null;
  clientPaymentDate: string | null;
  confirmedDate: string | null;
  fine: { value: number; type: 'FIXED' | 'PERCENTAGE' };
  interest: { value: number; type: 'PERCENTAGE' };
  discount: { value: number; dueDateLimitDays: number; type: 'FIXED' | 'PERCENTAGE' };
  deleted: boolean;
}

/** Asaas-style ids: a prefix and 16 random alphanumerics. */
export function newId(prefix: 'cus' | 'pay' | 'inv'): string {
  return `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, '0').slice(0, 16)}`;
}

/** A service invoice (nota fiscal, NFS-e) scheduled for a payment (Asaas `POST /v3/invoices`). */
export interface FiscalInvoice {
  id: string;
  customer: string;
  payment: string;
  status: 'SCHEDULED' | 'AUTHORIZED' | 'CANCELED';
  serviceDescription: string;
  observations: string;
  valueCents: number;
  deductionsCents: number;
  effectiveDate: string;
  municipalServiceCode: string | null;
  municipalServiceName: string | null;
  externalReference: string | null;
  taxes: Record<string, unknown>;
  number: string | null;
}

/** The in-memory account: customers, payments and service invoices, newest last. */
export class AsaasState {
  readonly customers = new Map<string, Customer>();
  readonly payments = new Map<string, Payment>();
  readonly invoices = new Map<string, FiscalInvoice>();
  private invoiceSerial = 100_000;

  nextInvoiceNumber(): string {
    return String(++this.invoiceSerial).padStart(9, '0');
  }
}
