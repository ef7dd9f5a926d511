import { z } from 'zod';
import { urlIntegerSchema } from '@rastro/shared/contract';

/** `/:id` of a product route: a positive id in plain decimal digits (no `0x10`, no `1e3`). */
export const idParamsSchema = z.object({ id: urlIntegerSchema.pipe(z.number().positive()) });
