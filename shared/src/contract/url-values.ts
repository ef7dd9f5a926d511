import { z } from 'zod';

/**
 * A whole number as a query or path value: plain decimal digits only. `z.coerce.number()` would
 * take `0x10`, `1e3`, ` 1` or `''` (as 0) and act on a number the caller never wrote.
 */
export const urlIntegerSchema = z
  .string()
  .regex(/^(?:0|[1-9]\d{0,14})$/, 'Expected a whole number in decimal digits')
  .transform(Number);
