import { defineProject } from 'vitest/config';

// The repository's own lint rules, tested on fixture trees and on the repository itself.
export default defineProject({
  test: { name: 'tooling', include: ['**/*.test.ts'], exclude: ['**/__fixtures__/**', '**/node_modules/**'] },
});
