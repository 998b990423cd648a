// What other families may use of files: nothing else of this folder.
import type { Deps } from '../../platform/deps';
import type { DbOrTx } from '../../platform/db/types';
import { filesRepo } from './repo';
import { FilesService } from './service';
import { SignedUrls } from './signed-urls';
import { UrlSigner } from './signing';

export { FilesService } from './service';

/** Signed upload URLs for a caller (a console session or an API client), as the file service's own calls issue them. */
export const signedUploads = (deps: Deps) => new SignedUrls(deps, new FilesService(deps), new UrlSigner(deps));

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
