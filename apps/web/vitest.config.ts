import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // antd pages in jsdom are slow when the machine is busy (two workers, a real server).
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
