import { savedCommandSchema } from '@rastro/shared';
import type { HttpClient, SavedCommand } from '@rastro/shared';
import { z } from 'zod';

/** SPEC §3 command actions. */
export const commandTypes = ['custom', 'engineStop', 'engineResume', 'anchorEnable', 'anchorDisable', 'deviceIdentification', 'positionSingle', 'alarmArm', 'alarmDisarm', 'outputControl', 'rebootDevice'] as const;

/** Parameters the dialog asks for, per type (Traccar's attribute names). */
export const commandParameters: Partial<Record<string, readonly string[]>> = { custom: ['data'], outputControl: ['index', 'data'] };

// Declared once in @rastro/shared with the other list entities.
export { savedCommandSchema };
export type { SavedCommand };

export interface CommandToSend {
  id?: number;
  description?: string | null;
  deviceId: number;
  type: string;
  textChannel?: boolean;
  attributes: Record<string, unknown>;
}

/** 200 sent, 202 queued for an offline device (TRACCAR.md): queued is not an error. */
export type SendOutcome = 'sent' | 'queued';

export async function sendCommand(http: HttpClient, command: CommandToSend): Promise<SendOutcome> {
  const response = await http.request('/commands/send', { method: 'POST', json: { textChannel: false, ...command } });
  return response.status === 202 ? 'queued' : 'sent';
}

export async function savedCommandsFor(http: HttpClient, deviceId: number): Promise<SavedCommand[]> {
  return z.array(savedCommandSchema).parse(await http.json('/commands/send', { query: { deviceId } }));
}

export async function commandTypesFor(http: HttpClient, deviceId: number): Promise<string[]> {
  const answer = z.array(z.object({ type: z.string() })).parse(await http.json('/commands/types', { query: { deviceId } }));
  return answer.map((entry) => entry.type);
}

/**
 * Lock and unlock send engineStop/engineResume: the device's saved command of that type when there
 * is one (a limitCommands user may send only those), else a plain command of the type.
 */
export function lockCommand(saved: readonly SavedCommand[], deviceId: number, type: 'engineStop' | 'engineResume'): CommandToSend {
  const match = saved.find((command) => command.type === type);
  if (match) return { id: match.id, description: match.description, deviceId, type: match.type, textChannel: match.textChannel ?? false, attributes: match.attributes };
  return { deviceId, type, attributes: {} };
}
