import { hashPassword, verifyPassword } from './password';
import { SessionStore } from './session-store';
import { TokenStore } from './token-store';

describe('passwords', () => {
  it('are stored salted with scrypt and verified', async () => {
    const hash = await hashPassword('admin');
    expect(hash).toMatch(/^scrypt\$/);
    expect(hash).not.toContain('admin');
    expect(await hashPassword('admin')).not.toBe(hash);
    expect(await verifyPassword('admin', hash)).toBe(true);
    expect(await verifyPassword('Admin', hash)).toBe(false);
    expect(await verifyPassword('admin', 'plain-text')).toBe(false);
  });
});

describe('sessions and tokens', () => {
  it('map unguessable ids to users until destroyed or expired', () => {
    const sessions = new SessionStore();
    const id = sessions.create(7);
    expect(sessions.create(7)).not.toBe(id);
    expect(sessions.userIdOf(id)).toBe(7);
    sessions.destroy(id);
    expect(sessions.userIdOf(id)).toBeNull();

    const tokens = new TokenStore();
    const now = new Date('2025-01-01T00:00:00Z');
    const token = tokens.issue(3, new Date('2025-01-02T00:00:00Z'));
    expect(tokens.userIdOf(token, now)).toBe(3);
    expect(tokens.userIdOf(token, new Date('2025-01-03T00:00:00Z'))).toBeNull();
    expect(tokens.userIdOf('unknown', now)).toBeNull();
  });
});

describe('idle sessions', () => {
  it('expire after the idle timeout, each use keeping one alive, and are swept as new ones open', () => {
    let now = 0;
    const sessions = new SessionStore(30 * 60_000, () => now);
    const busy = sessions.create(1);
    const idle = sessions.create(2);
    now = 20 * 60_000;
    expect(sessions.userIdOf(busy)).toBe(1);
    now = 31 * 60_000;
    expect(sessions.userIdOf(busy)).toBe(1);
    expect(sessions.userIdOf(idle)).toBeNull();

    const forgotten = Array.from({ length: 100 }, (_, index) => sessions.create(10 + index));
    expect(forgotten).toHaveLength(100);
    now = 70 * 60_000;
    sessions.create(3);
    expect(sessions.size).toBe(1);
  });
});
