import type { IntegrationKey } from '@rastro/shared/contract';

export type FieldKind = 'text' | 'email' | 'secret' | 'number' | 'boolean';

/** The form of each integration kind (SPEC §3): its fields in display order; labels at `billing.integrations.<key>.<name>`. */
export const integrationFields: { [Key in IntegrationKey]: ReadonlyArray<{ name: string; kind: FieldKind }> } = {
  payment: [
    { name: 'email', kind: 'email' },
    { name: 'token', kind: 'secret' },
    { name: 'sandbox', kind: 'boolean' },
    { name: 'webhookToken', kind: 'secret' },
  ],
  mail: [
    { name: 'host', kind: 'text' },
    { name: 'port', kind: 'number' },
    { name: 'secure', kind: 'boolean' },
    { name: 'username', kind: 'text' },
    { name: 'password', kind: 'secret' },
    { name: 'senderAddress', kind: 'email' },
    { name: 'senderName', kind: 'text' },
  ],
  invoice: [
    { name: 'enabled', kind: 'boolean' },
    { name: 'serviceDescription', kind: 'text' },
    { name: 'municipalServiceCode', kind: 'text' },
    { name: 'municipalServiceName', kind: 'text' },
    { name: 'issPercent', kind: 'number' },
  ],
};

export type FormValues = Record<string, string | boolean>;

/** The form's values from stored settings (secrets arrive masked: sent back unchanged, they keep the stored one). */
export function formValuesOf(key: IntegrationKey, settings: Record<string, unknown> | null): FormValues {
  return Object.fromEntries(
    integrationFields[key].map(({ name, kind }) => {
      const value = settings?.[name];
      return [name, kind === 'boolean' ? value === true : value === undefined || value === null ? '' : String(value)];
    }),
  );
}

/** What is sent: numbers as numbers (an unreadable one as text, for the gateway to name), empty optional text left out. */
export function settingsOf(key: IntegrationKey, values: FormValues): Record<string, unknown> {
  const settings: Record<string, unknown> = {};
  for (const { name, kind } of integrationFields[key]) {
    const value = values[name];
    if (kind === 'boolean') settings[name] = value === true;
    else if (kind === 'number') settings[name] = value === '' || Number.isNaN(Number(value)) ? value : Number(value);
    else if (value !== '') settings[name] = value;
  }
  return settings;
}
