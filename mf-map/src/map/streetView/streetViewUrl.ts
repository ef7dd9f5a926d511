export interface StreetViewPlace {
  latitude: number;
  longitude: number;
}

/**
 * The provider's page for a place, from config.json's `streetViewUrl` template: {lat} and {lon}
 * (or {lng}) become decimal degrees. Null when no provider is configured, or when the template
 * does not make an http(s) address — a configuration mistake must not become a script link.
 */
export function streetViewUrl(template: string | null | undefined, place: StreetViewPlace): string | null {
  if (!template?.trim()) return null;
  const latitude = place.latitude.toFixed(6);
  const longitude = place.longitude.toFixed(6);
  const address = template.trim().replaceAll('{lat}', latitude).replaceAll('{lon}', longitude).replaceAll('{lng}', longitude);
  try {
    const { protocol } = new URL(address);
    return protocol === 'https:' || protocol === 'http:' ? address : null;
  } catch {
    return null;
  }
}
