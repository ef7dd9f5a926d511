import type { ServiceAccount } from '../traccar/service-account';
import { TraccarCallError } from '../traccar/traccar-client';

export type EngineCommandType = 'engineStop' | 'engineResume';

/** What became of a command: delivered to the device now, or queued until it connects. */
export type CommandOutcome = { delivery: 'sent' | 'queued'; savedCommandId: number | null };

interface SavedCommand {
  id: number;
  type: string;
  [field: string]: unknown;
}

/**
 * Stops or resumes a device's engine as its owners would: with the device's saved command of that
 * type when it has one usable (its text channel and attributes), else an ad-hoc command. Sent by the
 * service account; Traccar answers 200 when sent and 202 when queued for an offline device.
 */
export async function sendEngineCommand(serviceAccount: ServiceAccount, deviceId: number, type: EngineCommandType): Promise<CommandOutcome> {
  const saved = await serviceAccount.json<SavedCommand[]>({ path: `/api/commands/send?deviceId=${deviceId}` });
  const command = saved.find((candidate) => candidate.type === type);
  const body = command ? { ...command, deviceId } : { deviceId, type, attributes: {} };
  const path = '/api/commands/send';
  const response = await serviceAccount.send({ method: 'POST', path, json: body });
  const text = await response.text();
  if (response.status !== 200 && response.status !== 202) throw new TraccarCallError(response.status, text, path);
  return { delivery: response.status === 200 ? 'sent' : 'queued', savedCommandId: command?.id ?? null };
}
