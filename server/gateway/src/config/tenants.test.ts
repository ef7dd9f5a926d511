import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTenantDirectory, loadTenantsFile } from './tenants';

describe('createTenantDirectory', () => {
  const tenants = createTenantDirectory({
    default: { remotes: { mf_admin: { enabled: false } }, config: { title: 'Rastro' } },
    domains: {
      'Reseller.Example': { remotes: { mf_billing: { enabled: false } }, config: { title: 'Reseller' } },
    },
  });

  it('gives unknown and missing domains the default tenant', () => {
    expect(tenants.forDomain('other.example').config.title).toBe('Rastro');
    expect(tenants.forDomain(undefined).remotes).toEqual({ mf_admin: { enabled: false } });
  });

  it('overlays a domain tenant on the default one, matching the domain case-insensitively', () => {
    const reseller = tenants.forDomain('reseller.EXAMPLE');
    expect(reseller.config.title).toBe('Reseller');
    expect(reseller.remotes).toEqual({ mf_admin: { enabled: false }, mf_billing: { enabled: false } });
  });

  it('refuses an invalid configuration at start', () => {
    expect(() => createTenantDirectory({ default: { remotes: { mf_nope: { enabled: true } } } } as never)).toThrow();
    expect(() => createTenantDirectory({ default: { remotes: {}, publicUrl: 'javascript:alert(1)' } })).toThrow();
  });

  it("gives each domain it names a public URL for mailed links: its own, else https://<domain>; the default tenant's apart", () => {
    const sites = createTenantDirectory({
      default: { remotes: {}, publicUrl: 'https://track.example.com/some/path' },
      domains: { 'Reseller.Example': { remotes: {}, publicUrl: 'https://gps.reseller.example' }, 'plain.example': { remotes: {} } },
    });
    expect(sites.publicUrl('reseller.example')).toBe('https://gps.reseller.example');
    expect(sites.publicUrl('PLAIN.example')).toBe('https://plain.example');
    expect(sites.publicUrl('evil.example')).toBeUndefined();
    expect(sites.defaultPublicUrl).toBe('https://track.example.com');
    expect(tenants.defaultPublicUrl).toBeUndefined();
  });
});

describe('loadTenantsFile', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'rastro-tenants-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reads a valid file', async () => {
    const file = path.join(dir, 'ok.json');
    await writeFile(file, JSON.stringify({ default: { remotes: {} }, domains: { 'a.example': { remotes: { mf_map: { enabled: false } } } } }));
    await expect(loadTenantsFile(file)).resolves.toMatchObject({ domains: { 'a.example': { remotes: { mf_map: { enabled: false } } } } });
  });

  it("accepts the package's documented example", async () => {
    const example = await loadTenantsFile(path.join(__dirname, '..', '..', 'tenants.example.json'));
    expect(createTenantDirectory(example).forDomain('track.reseller.example').remotes.mf_billing).toEqual({ enabled: false });
  });

  it('names the file and the problem when it is invalid', async () => {
    const file = path.join(dir, 'bad.json');
    await writeFile(file, JSON.stringify({ default: { remotes: { mf_map: { enabled: 'yes' } } } }));
    await expect(loadTenantsFile(file)).rejects.toThrow(/bad\.json.*\n?.*enabled/s);
    await expect(loadTenantsFile(path.join(dir, 'missing.json'))).rejects.toThrow(/missing\.json/);
  });
});
