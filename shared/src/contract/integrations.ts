import { z } from 'zod';

/**
 * Integrations (SPEC §3): `GET /rastro/integrations`, `POST /rastro/integrations/{key}`.
 * Each kind is declared once — its settings schema and which of its fields are secrets — and both
 * the gateway (validation, encryption) and the admin screens (forms, password inputs) read it.
 */

/**
 * How an answer shows a stored secret: never whole. The mask alone, followed by the secret's last
 * four characters when it is long enough (12+) for them to give little away; '' when none is
 * stored. Sending the mask back unchanged keeps the stored secret; any other value replaces it.
 */
export const SECRET_MASK = '••••';
const SECRET_TAIL_FROM_LENGTH = 12;

export function maskSecret(secret: string): string {
  if (secret === '') return '';
  return secret.length >= SECRET_TAIL_FROM_LENGTH ? `${SECRET_MASK}${secret.slice(-4)}` : SECRET_MASK;
}

/** True for a value that looks like a mask (the front end shows it as "stored, unchanged"). */
export function isMaskedSecret(value: string): boolean {
  return value.startsWith(SECRET_MASK);
}

const requiredSecret = z.string().min(1).max(4096);
const hostName = z
  .string()
  .trim()
  .min(1)
  .max(253)
  .regex(/^(?:[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?|\[[0-9a-f:.]+\])$/i, 'a host name or IP address');

export const paymentIntegrationSchema = z.strictObject({
  /** The account at the payment provider. */
  email: z.email(),
  token: requiredSecret,
  sandbox: z.boolean().default(false),
  /**
   * What the provider sends in its webhooks' `asaas-access-token` header (set the same in its
   * webhook settings). Empty: webhooks are refused.
   */
  webhookToken: z.string().max(255).default(''),
});

export const mailIntegrationSchema = z.strictObject({
  host: hostName,
  port: z.number().int().min(1).max(65535),
  /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
  secure: z.boolean().default(false),
  /** Empty for a server that relays without authentication. */
  username: z.string().trim().max(320).default(''),
  password: z.string().max(1024).default(''),
  senderAddress: z.email(),
  senderName: z.string().trim().max(120).default(''),
});

/**
 * The service invoice (nota fiscal, NFS-e) of each received payment, issued through the payment
 * provider's invoices API (Asaas `POST /v3/invoices`) with the payment integration's account: no
 * secret of its own. The municipal service is the city's code for what is sold (tracking service).
 */
export const invoiceIntegrationSchema = z.strictObject({
  enabled: z.boolean().default(false),
  /** What each nota fiscal says was provided. */
  serviceDescription: z.string().trim().min(1).max(250),
  /** The city's service code (Asaas `municipalServiceCode`). */
  municipalServiceCode: z.string().trim().min(1).max(30),
  municipalServiceName: z.string().trim().max(250).default(''),
  /** ISS rate, percent (Asaas `taxes.iss`). */
  issPercent: z.number().min(0).max(100).default(0),
});

/** Every integration kind: its settings and its secret fields. */
export const integrationKinds = {
  payment: { settings: paymentIntegrationSchema, secrets: ['token', 'webhookToken'] },
  mail: { settings: mailIntegrationSchema, secrets: ['password'] },
  invoice: { settings: invoiceIntegrationSchema, secrets: [] as string[] },
} as const;

export type IntegrationKey = keyof typeof integrationKinds;
export const integrationKeys = Object.keys(integrationKinds) as IntegrationKey[];
export const integrationKeySchema = z.enum(integrationKeys);

export type PaymentIntegration = z.output<typeof paymentIntegrationSchema>;
export type MailIntegration = z.output<typeof mailIntegrationSchema>;
export type InvoiceIntegration = z.output<typeof invoiceIntegrationSchema>;
export type IntegrationSettings = { [Key in IntegrationKey]: z.output<(typeof integrationKinds)[Key]['settings']> };

const storedIntegration = <Key extends IntegrationKey>(key: Key) =>
  z.object({
    key: z.literal(key),
    /** Secrets masked (see SECRET_MASK); null until an administrator saves it. */
    settings: integrationKinds[key].settings.nullable(),
    updatedAt: z.iso.datetime().nullable(),
  });

/** One integration as the answers show it. */
export const integrationSchema = z.discriminatedUnion('key', [storedIntegration('payment'), storedIntegration('mail'), storedIntegration('invoice')]);
export type Integration = z.infer<typeof integrationSchema>;

export const integrationListSchema = z.object({
  integrations: z.array(integrationSchema),
  /** Where the payment provider's webhooks for the caller's account must be sent (a path on this server). */
  webhookPath: z.string().optional(),
});
export type IntegrationList = z.infer<typeof integrationListSchema>;
