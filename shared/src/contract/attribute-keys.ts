/**
 * Attribute keys Rastro reads from Traccar's free-form `attributes` maps (SPEC §6, "{prefix}" =
 * `rastro`). One list, so the gateway's policy and the front end name the same keys.
 */
export const rastroAttributeKeys = {
  /** User: 32 hex characters, the advanced permission bits (see advanced-permissions.ts). */
  advancedPerms: 'rastro.advancedPerms',
  /** Server: advanced permissions are enforced (paid edition only). */
  enableAdvancedPerms: 'rastro.enableAdvancedPerms',
  /** User: a QR-code driver account, limited to the driver screens. */
  isQrDriverId: 'rastro.isQrDriverId',
  /** User: a driver tied to a device. */
  isQrDeviceId: 'rastro.isQrDeviceId',
  /** Server: billing is on (SPEC §2, §3): invoices are generated and the billing screens and routes exist. */
  enableBilling: 'rastro.enableBilling',
  /** Server: a server-wide device limit, counted over every device (> 0 to apply). */
  deviceLimit: 'rastro.deviceLimit',
  /** Server: deleting a device renames it (see soft-delete.ts) instead of removing its history. */
  safeDelete: 'rastro.safeDelete',
  /** User: a reseller (SPEC §3), who manages the white label of its own domain. */
  reseller: 'rastro.reseller',
  /** User: the reseller's domain (lower-case host name). */
  resellerDomain: 'rastro.resellerDomain',
  /** User: the reseller may create domains for sub-resellers. */
  canCreateSubResellers: 'rastro.canCreateSubResellers',
  /** User billing field (SPEC §3): the user is billed (an invoice a month; see billing.ts userBillingOf). */
  billingEnabled: 'rastro.billing.enabled',
  /** User billing field: tax id (CPF or CNPJ) the payment provider's customer is registered with. */
  billingTaxId: 'rastro.billing.taxId',
  /** User billing field: the monthly price, a whole number of cents. */
  billingPriceCents: 'rastro.billing.priceCents',
  /** User billing field: the first invoice's due date (YYYY-MM-DD); later ones fall on that day each month. */
  billingFirstDueDate: 'rastro.billing.firstDueDate',
  /** User billing field: the invoice's description. */
  billingDescription: 'rastro.billing.description',
  /** User billing field: the fine for paying late (a percentage, or cents with fineMode FIXED). */
  billingFine: 'rastro.billing.fine',
  /** User billing field: PERCENTAGE (default) or FIXED. */
  billingFineMode: 'rastro.billing.fineMode',
  /** User billing field: interest for paying late, percent per month. */
  billingInterest: 'rastro.billing.interest',
  /** User billing field: the discount for paying early (a percentage, or cents with discountMode FIXED). */
  billingDiscount: 'rastro.billing.discount',
  /** User billing field: PERCENTAGE (default) or FIXED. */
  billingDiscountMode: 'rastro.billing.discountMode',
  /** User billing field: the discount holds until this many days before the due date (0: until the due date). */
  billingDiscountDays: 'rastro.billing.discountDays',
  /** User billing field: suspend the account automatically when an invoice stays unpaid… */
  billingAutoSuspend: 'rastro.billing.autoSuspend',
  /** …this many days after its due date (0: the day after). */
  billingSuspendAfterDays: 'rastro.billing.suspendAfterDays',
  /** User billing field (SPEC §3): a suspended account may unlock itself on trust, once per suspension. */
  billingTrustUnlock: 'rastro.billing.trustUnlock',
  /** User billing field (SPEC §3): how many days a trust unlock keeps the account active (whole days, 1 or more). */
  billingTrustDays: 'rastro.billing.trustDays',
  /** User: a temporary shared-link user (Traccar's own key, no prefix). */
  isShared: 'isShared',
} as const;

export type RastroAttributeKey = (typeof rastroAttributeKeys)[keyof typeof rastroAttributeKeys];

/** An on/off attribute: Traccar stores what the client sent, so both `true` and `"true"` occur. */
export function attributeFlag(attributes: Record<string, unknown> | undefined, key: RastroAttributeKey): boolean {
  const value = attributes?.[key];
  return value === true || value === 'true';
}

/** A numeric attribute (numbers or numeric strings), or undefined when absent or not a number. */
export function attributeNumber(attributes: Record<string, unknown> | undefined, key: RastroAttributeKey): number | undefined {
  const value = attributes?.[key];
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
}
