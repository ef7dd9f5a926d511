import type { UsersRepository } from '../db/users-repository';
import type { UserRecord } from '../entities/user';
import { TraccarHttpError } from '../http/errors';
import { Authenticator } from './authenticator';
import { hashPassword } from './password';
import { SessionStore } from './session-store';
import { TokenStore } from './token-store';

async function authenticatorWith(overrides: Partial<UserRecord>): Promise<Authenticator> {
  const user = { id: 1, email: 'a@b.c', login: 'a', hashedPassword: await hashPassword('secret'), disabled: false, expirationTime: null, ...overrides } as UserRecord;
  const users = { findByEmailOrLogin: async () => user, findById: async () => user } as unknown as UsersRepository;
  return new Authenticator(users, new SessionStore(), new TokenStore());
}

describe('Authenticator.login', () => {
  it('returns the user for the right password and null for a wrong one', async () => {
    const auth = await authenticatorWith({});
    expect((await auth.login('a', 'secret'))?.id).toBe(1);
    expect(await auth.login('a', 'wrong')).toBeNull();
    expect(await auth.login(undefined, 'secret')).toBeNull();
  });

  it('refuses disabled and expired users with Traccar’s 400 texts — only once the password is right', async () => {
    const disabled = await authenticatorWith({ disabled: true });
    await expect(disabled.login('a', 'secret')).rejects.toEqual(new TraccarHttpError(400, 'User is disabled'));
    expect(await disabled.login('a', 'wrong')).toBeNull();
    const expired = await authenticatorWith({ expirationTime: new Date(Date.now() - 1000) });
    await expect(expired.login('a', 'secret')).rejects.toMatchObject({ statusCode: 400, body: 'User has expired' });
  });
});
