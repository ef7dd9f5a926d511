/**
 * A base style that needs nothing from the network: a plain background under Rastro's own layers.
 * Used when no tile or style URL is configured, so a fresh install, an offline site and the tests
 * still get a working map.
 */
export const offlineStyle = {
  version: 8 as const,
  name: 'rastro-offline',
  sources: {},
  layers: [{ id: 'background', type: 'background' as const, paint: { 'background-color': '#e9eef0' } }],
};
