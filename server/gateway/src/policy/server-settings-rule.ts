import { serverSettingsSchema } from '@rastro/shared/contract';
import { invalidInput } from '../product/api-errors';
import type { WriteRule } from './write-context';

/**
 * The server settings (SPEC §3) are checked as the settings screen checks them (one schema in
 * @rastro/shared/contract): a zoom of 99, a latitude off the globe or a language the product does
 * not speak is 400 INVALID_INPUT naming the fields, and never reaches the tracking server.
 */
export const serverSettingsRule: WriteRule = ({ route, write }) => {
  if (route?.pattern !== '/api/server' || write.method !== 'PUT') return;
  const parsed = serverSettingsSchema.safeParse(write.body ?? {});
  if (!parsed.success) throw invalidInput(parsed.error, 'body');
};
