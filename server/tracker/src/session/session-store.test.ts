import { SessionStore } from './session-store';

describe('browser sessions (Jetty-like idle timeout)', () => {
  const IDLE_MS = 30 * 60_000;
  let now = 0;
  const store = () => new SessionStore(IDLE_MS, () => now);

  beforeEach(() => {
    now = 1_000_000;
  });

  it('forgets a session unused for longer than the idle timeout, and a use restarts the clock', () => {
    const sessions = store();
    const id = sessions.create(7);
    now += IDLE_MS - 1;
    expect(sessions.userIdOf(id)).toBe(7);
    now += IDLE_MS - 1;
    expect(sessions.userIdOf(id)).toBe(7);
    now += IDLE_MS + 1;
    expect(sessions.userIdOf(id)).toBeNull();
  });

  it('keeps a session alive while a socket opened with it is open, and idles it out after the socket closes', () => {
    const sessions = store();
    const id = sessions.create(7);
    const release = sessions.holdForSocket(id);
    now += 5 * IDLE_MS;
    expect(sessions.userIdOf(id)).toBe(7);
    release();
    release(); // a second release (close after error) changes nothing
    now += IDLE_MS + 1;
    expect(sessions.userIdOf(id)).toBeNull();
  });

  it('holding an unknown session is harmless', () => {
    expect(() => store().holdForSocket('nope')()).not.toThrow();
  });
});
