import { z } from 'zod';

/** The five remotes the shell knows how to place. A tenant may switch any of them off. */
export const remoteNames = ['mf_map', 'mf_fleet', 'mf_reports', 'mf_billing', 'mf_admin'] as const;
export const remoteNameSchema = z.enum(remoteNames);
export type RemoteName = z.infer<typeof remoteNameSchema>;

/** `GET /rastro/remotes`: where this domain's remotes live. */
export const remoteEntrySchema = z.object({
  name: remoteNameSchema,
  /** URL of the remote's `mf-manifest.json`, absolute or relative to the page. */
  entry: z.string().min(1),
});
export type RemoteEntry = z.infer<typeof remoteEntrySchema>;

export const remotesManifestSchema = z.object({ remotes: z.array(remoteEntrySchema) });
export type RemotesManifest = z.infer<typeof remotesManifestSchema>;

/** `GET /rastro/assets/custom/config.json`: static, per-domain front-end settings. */
export const appConfigSchema = z.object({
  title: z.string().default('Rastro'),
  /** A Mapbox access token switches the map engine to mapbox-gl; without one, maplibre-gl. */
  mapboxToken: z.string().nullable().default(null),
  /** A style URL for the base map; null means Rastro's offline style. */
  mapStyleUrl: z.string().nullable().default(null),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

/** Product API errors: a machine-readable code (SPEC §8) and, for bad input, the offending fields. */
export const apiErrorSchema = z.object({
  code: z.string(),
  message: z.string().optional(),
  fields: z.array(z.string()).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
