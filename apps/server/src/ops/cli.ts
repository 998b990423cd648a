import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { DataDirInUseError } from '../platform/db/data-dir-lock';
import { backupEmbedded, BackupError, restoreEmbedded } from './backup';

/**
 * `npm run backup -- [--out FILE]` and `npm run restore -- FILE [--force]`, for the
 * embedded database and local file storage (configured as for `npm start`: DATA_DIR).
 */
async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  const { values, positionals } = parseArgs({ args: rest, allowPositionals: true, options: { out: { type: 'string' }, force: { type: 'boolean' } } });
  const config = loadConfig();
  if (command === 'backup') {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const out = path.resolve(values.out ?? path.join('backups', `wharf-${stamp}.tar.gz`));
    const manifest = await backupEmbedded(config, out);
    console.log(`Backup written: ${out}\n  database: embedded (${config.database.kind === 'pglite' ? config.database.dir : ''})\n  files: ${manifest.files ? `${manifest.fileCount} (${manifest.fileBytes} bytes)` : 'not included (object storage: back the bucket up there)'}`);
  } else if (command === 'restore') {
    const archive = positionals[0];
    if (!archive) throw new BackupError('Name the backup to restore: npm run restore -- FILE [--force]');
    const manifest = await restoreEmbedded(config, path.resolve(archive), { force: values.force === true });
    console.log(`Restored ${archive} (made ${manifest.createdAt}) into ${config.dataDir}; start the server with npm start.`);
  } else {
    throw new BackupError('Usage: backup [--out FILE] | restore FILE [--force]');
  }
}

main().catch((err: unknown) => {
  if (err instanceof BackupError || err instanceof DataDirInUseError || err instanceof ConfigError) {
    console.error(err.message);
    process.exit(2);
  }
  console.error(err);
  process.exit(1);
});
