// What other families may use of files: nothing else of this folder.
import { perDeps } from '../../platform/per-deps';
import type { DbOrTx, Tx } from '../../platform/db/types';
import { filesRepo, type FileRow } from './repo';
import { FilesService } from './service';
import { SignedUrls } from './signed-urls';
import { UrlSigner } from './signing';

export { FilesService } from './service';

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
