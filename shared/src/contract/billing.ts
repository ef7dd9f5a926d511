import { cnpj, cpf } from 'cpf-cnpj-validator';
import { z } from 'zod';
import { urlIntegerSchema } from './url-values';
import { attributeFlag, attributeNumber, rastroAttributeKeys, type RastroAttributeKey } from './attribute-keys';

/**
 * Billing (SPEC §3, §4, §8): a user's billing fields, invoices, and the money rules the payment
 * provider (Asaas) applies to a late or early payment. Money is integer cents everywhere.
 */

/** SPEC §3 invoice statuses (Asaas's payment statuses), plus Asaas's REFUNDED. */
export const invoiceStatuses = [
  'PENDING',
  'RECEIVED_IN_CASH',
  'RECEIVED',
  'CONFIRMED',
  'OVERDUE',
  'REFUND_REQUESTED',
  'REFUND_IN_PROGRESS',
  'REFUNDED',
  'CHARGEBACK_REQUESTED',
  'CHARGEBACK_DISPUTE',
  'AWAITING_CHARGEBACK_REVERSAL',
  'DUNNING_REQUESTED',
  'DUNNING_RECEIVED',
  'AWAITING_RISK_ANALYSIS',
] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

/** Statuses of an invoice whose money came in (the account is no longer in debt for it). */
export const paidInvoiceStatuses: readonly InvoiceStatus[] = ['RECEIVED', 'CONFIRMED', 'RECEIVED_IN_CASH', 'DUNNING_RECEIVED'];
/** Statuses of an invoice still to be paid. */
export const openInvoiceStatuses: readonly InvoiceStatus[] = ['PENDING', 'OVERDUE', 'AWAITING_RISK_ANALYSIS', 'DUNNING_REQUESTED'];

/**
 * How far along its life a status is. A delivery that would move an invoice to an earlier stage
 * arrived out of order and is ignored: a paid invoice never goes back to pending or overdue.
 */
const STAGE: Record<InvoiceStatus, number> = {
  PENDING: 0,
  AWAITING_RISK_ANALYSIS: 0,
  OVERDUE: 1,
  DUNNING_REQUESTED: 1,
  CONFIRMED: 2,
  RECEIVED: 3,
  RECEIVED_IN_CASH: 3,
  DUNNING_RECEIVED: 3,
  REFUND_REQUESTED: 4,
  CHARGEBACK_REQUESTED: 4,
  CHARGEBACK_DISPUTE: 4,
  AWAITING_CHARGEBACK_REVERSAL: 4,
  REFUND_IN_PROGRESS: 5,
  REFUNDED: 6,
};

/** Whether an invoice at `current` may move to `next` (same stage or later). */
export function invoiceStatusMayMove(current: InvoiceStatus, next: InvoiceStatus): boolean {
  return STAGE[next] >= STAGE[current];
}

/** How a fine or a discount is given: a percentage of the value, or a fixed amount (cents). */
export const billingAmountModes = ['PERCENTAGE', 'FIXED'] as const;
export type BillingAmountMode = (typeof billingAmountModes)[number];

/** The charge's money terms, as Asaas takes them (percentages as numbers: 2 means 2 %). */
export interface ChargeTerms {
  valueCents: number;
  /** Due date, YYYY-MM-DD. */
  dueDate: string;
  /** Once, for any payment after the due date. */
  fine?: { mode: BillingAmountMode; value: number } | null;
  /** Percent per month, charged pro rata per day late (a month is 30 days). */
  interestPercentPerMonth?: number | null;
  /** For a payment up to `daysBeforeDue` days before the due date (0: until the due date itself). */
  discount?: { mode: BillingAmountMode; value: number; daysBeforeDue: number } | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since the epoch of a calendar date (YYYY-MM-DD), time zones left out. */
export function dayNumber(date: string): number {
  const match = isoDate.exec(date);
  if (!match) throw new Error(`Not a YYYY-MM-DD date: "${date}"`);
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  if (new Date(time).toISOString().slice(0, 10) !== date) throw new Error(`No such date: "${date}"`);
  return time / DAY_MS;
}

/** The calendar date (YYYY-MM-DD) of a day number. */
export function dateOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** `date` plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  return dateOfDay(dayNumber(date) + days);
}

/** The same day `months` later, or that month's last day when it is shorter (Jan 31 + 1 → Feb 28/29). */
export function addMonths(date: string, months: number): string {
  const day = dayNumber(date);
  const start = new Date(day * DAY_MS);
  const monthIndex = start.getUTCMonth() + months;
  const year = start.getUTCFullYear() + Math.floor(monthIndex / 12);
  const month = ((monthIndex % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(start.getUTCDate(), lastDay))).toISOString().slice(0, 10);
}

const percentOf = (cents: number, percent: number) => Math.round((cents * percent) / 100);
const amountOf = (cents: number, mode: BillingAmountMode, value: number) => (mode === 'FIXED' ? Math.round(value) : percentOf(cents, value));

/**
 * What the payer owes on `paidOn` (YYYY-MM-DD), as Asaas computes it:
 * - on or before the due date, the value, less the discount while `paidOn` is no later than
 *   `daysBeforeDue` days before the due date (never below zero);
 * - after it, the value plus the fine (once) plus the interest: the monthly rate over 30 days,
 *   times the calendar days late (leap days and month lengths count as they fall).
 * Each part is rounded to the cent on its own.
 */
export function amountDueCents(terms: ChargeTerms, paidOn: string): { totalCents: number; fineCents: number; interestCents: number; discountCents: number; daysLate: number } {
  const daysLate = dayNumber(paidOn) - dayNumber(terms.dueDate);
  const { valueCents } = terms;
  if (daysLate <= 0) {
    const discount = terms.discount;
    const discountCents = discount && discount.value > 0 && -daysLate >= discount.daysBeforeDue ? Math.min(valueCents, amountOf(valueCents, discount.mode, discount.value)) : 0;
    return { totalCents: valueCents - discountCents, fineCents: 0, interestCents: 0, discountCents, daysLate: 0 };
  }
  const fineCents = terms.fine && terms.fine.value > 0 ? amountOf(valueCents, terms.fine.mode, terms.fine.value) : 0;
  const monthly = terms.interestPercentPerMonth ?? 0;
  const interestCents = monthly > 0 ? Math.round((valueCents * monthly * daysLate) / (100 * 30)) : 0;
  return { totalCents: valueCents + fineCents + interestCents, fineCents, interestCents, discountCents: 0, daysLate };
}

/** A CPF or a CNPJ (masked or not) whose check digits hold: the billing tax id the form and the gateway accept. */
export function isValidTaxId(value: string): boolean {
  return cpf.isValid(value) || cnpj.isValid(value);
}

/** A user's billing fields (SPEC §3), read from its attributes; see userBillingOf. */
export interface UserBilling {
  /** Tax id (CPF or CNPJ), digits only. */
  taxId: string | null;
  priceCents: number;
  /** The first invoice's due date (YYYY-MM-DD); later ones fall on the same day of each month. */
  firstDueDate: string;
  description: string | null;
  fine: ChargeTerms['fine'];
  interestPercentPerMonth: number | null;
  discount: ChargeTerms['discount'];
  /** Suspend the account this many days after an unpaid due date; null: never automatically. */
  suspendAfterDays: number | null;
}

const attributeText = (attributes: Record<string, unknown> | undefined, key: RastroAttributeKey): string | null => {
  const value = attributes?.[key];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
};
const modeOf = (attributes: Record<string, unknown> | undefined, key: RastroAttributeKey): BillingAmountMode => (attributeText(attributes, key)?.toUpperCase() === 'FIXED' ? 'FIXED' : 'PERCENTAGE');
const nonNegative = (value: number | undefined) => (value !== undefined && value >= 0 ? value : undefined);
const wholeDays = (value: number | undefined) => (value !== undefined && Number.isInteger(value) && value >= 0 && value <= 365 ? value : undefined);

/**
 * The user's billing, or null when billing is off for it or its fields cannot make an invoice
 * (no positive whole price in cents, no valid first due date). Percentages are capped as Asaas
 * caps them (fine 10 %, interest 10 % a month, discount below 100 %).
 */
export function userBillingOf(attributes: Record<string, unknown> | undefined): UserBilling | null {
  const keys = rastroAttributeKeys;
  if (!attributeFlag(attributes, keys.billingEnabled)) return null;
  const priceCents = attributeNumber(attributes, keys.billingPriceCents);
  const firstDueDate = attributeText(attributes, keys.billingFirstDueDate);
  if (priceCents === undefined || !Number.isInteger(priceCents) || priceCents <= 0 || !firstDueDate || !validDate(firstDueDate)) return null;
  const fineMode = modeOf(attributes, keys.billingFineMode);
  const fine = nonNegative(attributeNumber(attributes, keys.billingFine));
  const interest = nonNegative(attributeNumber(attributes, keys.billingInterest));
  const discountMode = modeOf(attributes, keys.billingDiscountMode);
  const discount = nonNegative(attributeNumber(attributes, keys.billingDiscount));
  const taxId = attributeText(attributes, keys.billingTaxId)?.replace(/\D/g, '') ?? null;
  return {
    taxId: taxId || null,
    priceCents,
    firstDueDate,
    description: attributeText(attributes, keys.billingDescription),
    fine: fine ? { mode: fineMode, value: fineMode === 'PERCENTAGE' ? Math.min(fine, 10) : Math.round(fine) } : null,
    interestPercentPerMonth: interest ? Math.min(interest, 10) : null,
    discount: discount ? { mode: discountMode, value: discountMode === 'PERCENTAGE' ? Math.min(discount, 99.99) : Math.round(discount), daysBeforeDue: wholeDays(attributeNumber(attributes, keys.billingDiscountDays)) ?? 0 } : null,
    suspendAfterDays: attributeFlag(attributes, keys.billingAutoSuspend) ? (wholeDays(attributeNumber(attributes, keys.billingSuspendAfterDays)) ?? 0) : null,
  };
}

function validDate(date: string): boolean {
  try {
    dayNumber(date);
    return true;
  } catch {
    return false;
  }
}

/** One invoice as the product API answers it. */
export const invoiceSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  /** The billed month, YYYY-MM. */
  period: z.string(),
  dueDate: z.string(),
  valueCents: z.number().int(),
  status: z.enum(invoiceStatuses),
  /** When the money came in (YYYY-MM-DD), null while unpaid. */
  paidDate: z.string().nullable(),
  /** The amount paid (fine and interest in, discount out), null while unpaid. */
  paidValueCents: z.number().int().nullable(),
  /** How many charges were issued at the payment provider for this invoice. */
  charges: z.number().int(),
  description: z.string().nullable(),
  /** Where the payer pays (the provider's invoice page), once the charge is issued. */
  invoiceUrl: z.string().nullable(),
  /** When an administrator cancelled it (ISO), null otherwise. */
  cancelledAt: z.string().nullable(),
  /** The provider's last refusal of this invoice's charge, for the administrator (null when none). */
  providerError: z.string().nullable(),
  createdAt: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceListSchema = z.object({ invoices: z.array(invoiceSchema) });
export type InvoiceList = z.infer<typeof invoiceListSchema>;

const period = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'a month, YYYY-MM');

/** `GET /rastro/billing/invoices` filters (administrators and resellers, over the users below them). */
export const invoiceQuerySchema = z.object({
  status: z.enum(invoiceStatuses).optional(),
  period: period.optional(),
  userId: urlIntegerSchema.pipe(z.number().positive()).optional(),
  /** true: only open invoices past their due date. */
  overdue: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});
export type InvoiceQuery = z.infer<typeof invoiceQuerySchema>;

/** `POST /rastro/billing/invoices/{id}/receive-in-cash`: the day the money came in (default today) and how much (default the amount due that day). */
export const receiveInCashSchema = z.object({
  paymentDate: z.iso.date().optional(),
  valueCents: z.number().int().positive().optional(),
});
export type ReceiveInCash = z.infer<typeof receiveInCashSchema>;

/** An open invoice in the suspended-login answer (SPEC §8), with where to pay it. */
export const suspendedInvoiceSchema = z.object({
  id: z.number().int(),
  dueDate: z.string(),
  /** In currency units (R$), as the login notice shows it. */
  value: z.number(),
  status: z.enum(invoiceStatuses),
  invoiceUrl: z.string().nullable(),
});
export type SuspendedInvoice = z.infer<typeof suspendedInvoiceSchema>;

/** `GET /rastro/invoices/{id}/payment-codes`: how the payer pays an open invoice (each null when the provider offers none). */
export const paymentCodesSchema = z.object({
  invoiceUrl: z.string().nullable(),
  /** The boleto's typeable line (47 digits). */
  boletoLine: z.string().nullable(),
  /** Pix "copia e cola". */
  pixPayload: z.string().nullable(),
  /** The Pix QR code, a PNG in base64. */
  pixQrCodeImage: z.string().nullable(),
});
export type PaymentCodes = z.infer<typeof paymentCodesSchema>;
