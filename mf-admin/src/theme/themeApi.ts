import { ApiError, createHttpClient, PRODUCT_API_TIMEOUT_MS } from '@rastro/shared';
import type { HttpClient } from '@rastro/shared';
import { themeEditSchema, themeSchema } from '@rastro/shared/contract';
import type { Theme, ThemeEdit, ThemeImageSlot, ThemeOverrides } from '@rastro/shared/contract';

/** The theme editor's calls; `domain` undefined is the domain the page is on. */
export interface ThemeApi {
  edit(domain?: string): Promise<ThemeEdit>;
  save(overrides: ThemeOverrides, domain?: string): Promise<Theme>;
  undo(domain?: string): Promise<Theme>;
  uploadImage(slot: ThemeImageSlot, file: Blob, domain?: string): Promise<string>;
  removeImage(slot: ThemeImageSlot, domain?: string): Promise<void>;
}

export function createThemeApi(http: HttpClient = createHttpClient({ baseUrl: '/rastro', timeoutMs: PRODUCT_API_TIMEOUT_MS })): ThemeApi {
  const query = (domain?: string) => ({ domain });
  return {
    edit: async (domain) => themeEditSchema.parse(await http.json('/theme/edit', { query: query(domain) })),
    save: async (overrides, domain) => themeSchema.parse(await http.json('/theme', { method: 'PUT', json: overrides, query: query(domain) })),
    undo: async (domain) => themeSchema.parse(await http.json('/theme/undo', { method: 'POST', json: domain ? { domain } : {} })),
    uploadImage: async (slot, file, domain) => {
      // The gateway takes the image's bytes as the body, its type in content-type; the http client sends only JSON and forms.
      const path = `${http.baseUrl}/theme/images/${slot}${domain ? `?domain=${encodeURIComponent(domain)}` : ''}`;
      const response = await fetch(path, { method: 'POST', body: file, headers: { 'content-type': file.type || 'application/octet-stream', accept: 'application/json' }, credentials: 'include' });
      const text = await response.text();
      if (!response.ok) throw new ApiError(response.status, codeOf(text, response.status), text);
      return (JSON.parse(text) as { url: string }).url;
    },
    removeImage: async (slot, domain) => {
      await http.request(`/theme/images/${slot}`, { method: 'DELETE', query: query(domain) });
    },
  };
}

function codeOf(body: string, status: number): string {
  try {
    const { code } = JSON.parse(body) as { code?: unknown };
    if (typeof code === 'string') return code;
  } catch {
    // Not JSON: a proxy's own page.
  }
  return `HTTP_${status}`;
}

export const themeApi = createThemeApi();
