/**
 * Test settings: cheap password hashing, and sign-in limits per address raised because
 * every test comes from 127.0.0.1 (the per-account limit stays as in production).
 */
export const TEST_ENV: Record<string, string> = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  WHARF_JOBS: 'off',
  ARGON2_MEMORY_KIB: '256',
  RISK_MAX_FAILURES_PER_ADDRESS: '100000',
  RATE_LIMIT_PER_MINUTE: '0',
  // Every test signs app users in from 127.0.0.1; a test of these limits sets its own.
  RATE_LIMITS: JSON.stringify({ signIn: { limit: 100_000, windowMs: 60_000 }, anonymousSignUp: { limit: 100_000, windowMs: 3_600_000 }, verificationCode: { limit: 100_000, windowMs: 3_600_000 } }),
  // Tests see each change at once; the cache has its own test.
  DISTRIBUTION_CACHE_TTL_MS: '0',
  DISTRIBUTION_COUNTS_FLUSH_MS: '0',
};
