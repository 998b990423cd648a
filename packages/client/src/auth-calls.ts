/** Auth Service's calls an app makes (docs/app-users.md), under the gateway. */
export const AUTH_CALLS = {
  signInAnonymously: { method: 'POST', path: '/tas/v1/client/signin/anonymous' },
  signUpWithEmail: { method: 'POST', path: '/tas/v1/client/signup/email' },
  signInWithEmail: { method: 'POST', path: '/tas/v1/client/signin/email' },
  refreshAppUserToken: { method: 'POST', path: '/tas/v1/client/token' },
  signOutAppUser: { method: 'POST', path: '/tas/v1/client/signout' },
  currentAppUser: { method: 'GET', path: '/tas/v1/client/user' },
  linkEmail: { method: 'POST', path: '/tas/v1/client/link/email' },
  sendEmailVerification: { method: 'POST', path: '/tas/v1/client/email/verify/send' },
  verifyEmail: { method: 'POST', path: '/tas/v1/client/email/verify' },
  sendPasswordReset: { method: 'POST', path: '/tas/v1/client/password/reset/send' },
  resetPassword: { method: 'POST', path: '/tas/v1/client/password/reset' },
  sendPhoneCode: { method: 'POST', path: '/tas/v1/client/phone/code' },
  signInWithPhone: { method: 'POST', path: '/tas/v1/client/signin/phone' },
  linkPhone: { method: 'POST', path: '/tas/v1/client/link/phone' },
  unlinkAppUserMethod: { method: 'POST', path: '/tas/v1/client/unlink' },
  startOidcSignIn: { method: 'POST', path: '/tas/v1/client/oidc/start' },
  finishOidcSignIn: { method: 'POST', path: '/tas/v1/client/oidc/finish' },
} as const;

/** `anonymous`, `email`, or the ID of one of the project's OpenID Connect providers. */
export type AuthProvider = string;

/** An app user, as the server describes them. */
export interface AppUser {
  appUserId: string;
  projectId: string;
  anonymous: boolean;
  email: string | null;
  emailVerified: boolean;
  /** E.164, verified by a texted code. */
  phone: string | null;
  displayName: string | null;
  providers: AuthProvider[];
  disabled: boolean;
  createdAt: string;
  lastSignInAt: string | null;
}

/** What a sign-in answers. */
export interface SessionAnswer {
  user: AppUser;
  tokenType: 'Bearer';
  accessToken: string;
  expiresIn: number;
  refreshToken: string;
}

/** The session as the SDK keeps it. */
export interface StoredSession {
  user: AppUser;
  accessToken: string;
  /** When the access token stops working, in ms since the epoch (by this device's clock). */
  accessExpiresAt: number;
  refreshToken: string;
}
