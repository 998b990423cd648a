import { describe, expect, it } from 'vitest';
import { getTableConfig, PgDialect } from 'drizzle-orm/pg-core';
import { LIVE_STATES, UNRELEASED_STATES } from '@wharf/rules';
import { appVersions } from '../tables';

// The two partial unique indexes name release states as numbers (their SQL is the
// migration's); they must be the rules' lists, which the code uses everywhere else.
describe('release states in the version indexes', () => {
  const dialect = new PgDialect();
  const where = (name: string) => {
    const index = getTableConfig(appVersions).indexes.find((i) => i.config.name === name);
    return dialect.sqlToQuery(index!.config.where!).sql;
  };

  it('are the rules’ unreleased and live states, never both at once', () => {
    expect(where('app_versions_one_unreleased')).toBe(`release_state in (${UNRELEASED_STATES.join(', ')}) and superseded_at is null`);
    expect(where('app_versions_one_current')).toBe(`release_state in (${LIVE_STATES.join(', ')}) and superseded_at is null`);
    const listed = [...UNRELEASED_STATES, ...LIVE_STATES];
    expect(new Set(listed).size).toBe(listed.length);
  });
});
