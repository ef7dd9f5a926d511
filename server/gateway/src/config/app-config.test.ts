import { appConfigDefaultsFromEnv, buildAppConfig } from './app-config';
import type { ResolvedTenant } from '../tenants/tenant-layers';

const noImages = { loginLogo: null, headLogo: null, favicon: null, loginBackground: null };
const tenant = (config: ResolvedTenant['config']): ResolvedTenant => ({ key: '*', remotes: {} as ResolvedTenant['remotes'], config, theme: {} });

describe('config.json street view provider', () => {
  it('is left out when STREET_VIEW_URL is unset or blank, so the map says none is configured', () => {
    expect(buildAppConfig(appConfigDefaultsFromEnv({ STREET_VIEW_URL: ' ' }), tenant({}), noImages)).not.toHaveProperty('streetViewUrl');
  });

  it('comes from STREET_VIEW_URL and a tenant may replace or remove it', () => {
    const defaults = appConfigDefaultsFromEnv({ STREET_VIEW_URL: 'https://views.example/?ll={lat},{lon}' });
    expect(buildAppConfig(defaults, tenant({}), noImages).streetViewUrl).toBe('https://views.example/?ll={lat},{lon}');
    expect(buildAppConfig(defaults, tenant({ streetViewUrl: 'https://other.example/{lat}/{lon}' }), noImages).streetViewUrl).toBe('https://other.example/{lat}/{lon}');
    expect(buildAppConfig(defaults, tenant({ streetViewUrl: null }), noImages).streetViewUrl).toBeNull();
  });
});
