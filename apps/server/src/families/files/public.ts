// What other families may use of files: nothing else of this folder.
import { perDeps } from '../../platform/per-deps';
import type { DbOrTx, Tx } from '../../platform/db/types';
import type { Deps } from '../../platform/deps';
import { readAllUpTo } from '../../platform/storage/read-all';
import { decodeImageHead, IMAGE_HEAD_BYTES } from './image-facts';
import { filesRepo, type FileRow } from './repo';
import { FilesService } from './service';
import { SignedUrls } from './signed-urls';
import { UrlSigner } from './signing';

export { FilesService } from './service';
/** An upload call's body as a stream that fails when it stops arriving (the file calls' own rule). */
export { bodyStream } from './routes/upload';

/** The files service, one per running server (see platform/per-deps.ts). */
export const filesOf = perDeps((deps) => new FilesService(deps));

/** Signed upload URLs for a caller (a console session or an API client), as the file service's own calls issue them. */
export const signedUploads = perDeps((deps) => new SignedUrls(deps, filesOf(deps), new UrlSigner(deps)));

/**
 * The file a signed upload URL received, named by the URL's ticket: null until the upload
 * finished, and for another team's ticket (the Connect API's objectId is the ticket).
 */
export async function fileOfUpload(db: DbOrTx, teamId: string, ticketId: string): Promise<string | null> {
  const ticket = await filesRepo.ticket(db, ticketId);
  // While the bytes arrive the ticket points at itself (marked in use).
  if (!ticket || ticket.teamId !== teamId || !ticket.fileId || ticket.fileId === ticket.id) return null;
  return ticket.fileId;
}

/** Hands the team's files to another team (an app moving takes its files along); others' files stay. */
export const moveFilesToTeam = (tx: Tx, fileIds: readonly string[], fromTeamId: string, toTeamId: string): Promise<void> => filesRepo.moveToTeam(tx, [...fileIds], fromTeamId, toTeamId);

export type { FileRow } from './repo';

/** A stored file's record (owner team, name, size, type, state, object key), or undefined. */
export const fileById = (db: DbOrTx, fileId: string): Promise<FileRow | undefined> => filesRepo.byId(db, fileId);

/** Those of these files that belong to the team (the rest are someone else's, or gone). */
export const teamFiles = (db: DbOrTx, teamId: string, fileIds: readonly string[]): Promise<FileRow[]> => (fileIds.length ? filesRepo.ofTeam(db, teamId, [...fileIds]) : Promise.resolve([]));

/**
 * The team's files among these, with each image's size in pixels. An image stored before
 * sizes were recorded is read once from storage (its first bytes) and its size kept.
 */
export async function teamImages(deps: Pick<Deps, 'db' | 'storage'>, teamId: string, fileIds: readonly string[]): Promise<FileRow[]> {
  const rows = await teamFiles(deps.db, teamId, fileIds);
  return Promise.all(
    rows.map(async (row) => {
      if (row.state !== 'ready' || !row.contentType.startsWith('image/') || row.width !== null || row.size === 0) return row;
      const stream = await deps.storage.get(row.storageKey, { start: 0, end: Math.min(row.size, IMAGE_HEAD_BYTES) - 1 });
      const head = (await readAllUpTo(stream, IMAGE_HEAD_BYTES)) ?? Buffer.alloc(0);
      const { width, height } = decodeImageHead(head);
      if (width !== null) await filesRepo.setImageSize(deps.db, row.id, width, height);
      return { ...row, width, height };
    }),
  );
}

/** Signed download addresses of these files of a team, by object id (those not found or not finished are left out). */
export async function signedDownloadsOf(deps: Deps, teamId: string, objectIds: readonly string[], expiresInSeconds: number): Promise<Record<string, string>> {
  if (!objectIds.length) return {};
  const { urlsInfo } = await signedUploads(deps).downloadsOfTeam(teamId, [...new Set(objectIds)], expiresInSeconds);
  return Object.fromEntries(urlsInfo.map((u) => [u.objectId, u.url]));
}

/** The deployment's URL signer (an HMAC with a secret every instance shares), for links other families sign. */
export const urlSignerOf = perDeps((deps) => new UrlSigner(deps));
