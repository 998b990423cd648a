import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { deviceSuite } from './device-suite';

deviceSuite('S3-compatible store', async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wharf-s3-storage-'));
  const s3rver = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'files', configs: [] }] });
  const { port } = await s3rver.run();
  return {
    env: { STORAGE: 's3', S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_FORCE_PATH_STYLE: '1' },
    close: async () => {
      await s3rver.close();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
});
