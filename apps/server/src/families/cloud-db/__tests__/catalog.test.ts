import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../harness';
import { SchemaCatalog } from '../catalog';
import { cloudDbRepo } from '../repo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("Cloud DB's schema catalogue", () => {
  it('reads a project once for calls that miss together, and again after a change', async () => {
    const catalog = new SchemaCatalog(t.deps);
    const projectId = '00000000-0000-4000-8000-0000000000c1';
    const reads = vi.spyOn(cloudDbRepo, 'listTypes');
    try {
      const all = await Promise.all(Array.from({ length: 10 }, () => catalog.project(projectId)));
      expect(reads).toHaveBeenCalledTimes(1);
      expect(new Set(all).size).toBe(1);
      await catalog.project(projectId);
      expect(reads).toHaveBeenCalledTimes(1);
      // A change while a read is on its way: later calls do not share that read.
      catalog.forgetHere(projectId);
      const first = catalog.project(projectId);
      catalog.forgetHere(projectId);
      const second = catalog.project(projectId);
      expect(second).not.toBe(first);
      await Promise.all([first, second]);
      expect(reads).toHaveBeenCalledTimes(3);
    } finally {
      reads.mockRestore();
    }
  });
});
