import { ErrorResponse, User, type SigninRedirectArgs, type UserProfile } from 'oidc-client-ts';
import { vi } from 'vitest';
import type { UserManagerLike } from './authProvider';

// Test doubles for the auth provider (imported by tests only).

const never = () => new Promise<never>(() => undefined);

export function makeUser(secondsLeft: number, state?: unknown): User {
  return new User({
    access_token: `access-${secondsLeft}`,
    id_token: 'id-token',
    refresh_token: 'refresh-token',
    token_type: 'Bearer',
    profile: { sub: 'sub-1', iss: 'http://idp', aud: 'portal', exp: 0, iat: 0, name: 'Ana Token' } as UserProfile,
    expires_at: Math.floor(Date.now() / 1000) + secondsLeft,
    userState: state,
  });
}

/** A hand-written stand-in for oidc-client-ts's UserManager, recording what the provider asks of it. */
export class FakeUserManager implements UserManagerLike {
  user: User | null = null;
  renewErrorHandlers: ((error: Error) => void)[] = [];
  // The redirects leave the page: like the real ones, their promises never settle.
  signinRedirect = vi.fn((_args?: SigninRedirectArgs): Promise<void> => never());
  signoutRedirect = vi.fn((): Promise<void> => {
    this.user = null;
    return never();
  });
  signinSilent = vi.fn(async (): Promise<User | null> => {
    throw new ErrorResponse({ error: 'invalid_grant', error_description: 'refresh token expired' });
  });
  signinRedirectCallback = vi.fn(async (): Promise<User> => {
    this.user = makeUser(3600, { returnTo: '/usuarios?page=2' });
    return this.user;
  });
  removeUser = vi.fn(async () => {
    this.user = null;
  });
  getUser = vi.fn(async () => this.user);
  events = {
    addSilentRenewError: (handler: (error: Error) => void) => {
      this.renewErrorHandlers.push(handler);
      return () => undefined;
    },
  };
}
