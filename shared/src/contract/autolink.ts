import { z } from 'zod';
import { deviceSchema } from './traccar';

/** `POST /rastro/autolink`: add a device by its IMEI (Traccar's uniqueId). */
export const autolinkRequestSchema = z.object({
  uniqueId: z.string().trim().min(1).max(128),
  name: z.string().trim().min(1).max(128).optional(),
  category: z.string().trim().min(1).max(64).optional(),
});
export type AutolinkRequest = z.infer<typeof autolinkRequestSchema>;

/** linked: a stock device (no owner but administrators) is now the caller's; created: a new device; alreadyLinked: the caller had it. */
export const autolinkOutcomes = ['linked', 'created', 'alreadyLinked'] as const;

export const autolinkResultSchema = z.object({
  outcome: z.enum(autolinkOutcomes),
  device: deviceSchema,
});
export type AutolinkResult = z.infer<typeof autolinkResultSchema>;
