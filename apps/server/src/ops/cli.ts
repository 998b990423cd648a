import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { systemClock } from '../platform/clock';
import { openDatabase } from '../platform/db';
import { DataDirInUseError } from '../platform/db/data-dir-lock';
import { loadKeyring, Secrets, SecretsKeyError, SecretUnreadableError } from '../platform/secrets';
import { backupEmbedded, BackupError, restoreEmbedded } from './backup';

/**
 * `npm run backup -- [--out FILE]` and `npm run restore -- FILE [--force]`, for the
 * embedded database and local file storage (configured as for `npm start`: DATA_DIR);
 * `npm run secrets:reencrypt` after a key rotation (docs/kernel/secrets.md).
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
  } else if (command === 'reencrypt-secrets') {
    // After SECRETS_KEY changed (the old key in SECRETS_OLD_KEYS): seal everything anew.
    const database = await openDatabase(config);
    try {
      await database.migrate();
      const done = await new Secrets({ db: database.db, clock: systemClock }, loadKeyring(config)).reencryptAll();
      console.log(`Secrets sealed again under the current key: ${done.reencrypted}.`);
      if (done.verifiableOnOldKeys) console.log(`${done.verifiableOnOldKeys} verifiable secrets (hashes) still need their old key until they are rotated or deleted.`);
    } finally {
      await database.close();
    }
  } else {
    throw new BackupError('Usage: backup [--out FILE] | restore FILE [--force] | reencrypt-secrets');
  }
}

main().catch((err: unknown) => {
  if (err instanceof BackupError || err instanceof DataDirInUseError || err instanceof ConfigError || err instanceof SecretsKeyError || err instanceof SecretUnreadableError) {
    console.error(err.message);
    process.exit(2);
  }
  console.error(err);
  process.exit(1);
});
