import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'clouddb', include: ['src/**/*.test.ts'] } });
