import type { CloudDbCommit } from '../commit';
import type { CloudDbDocuments } from '../document-service';
import type { LiveQueries } from '../live';
import type { CloudDbTransfers } from '../transfers';
import type { CloudDbSchema } from '../schema-service';

/** What Cloud DB's routes are handed. */
export interface CloudDbServices {
  schema: CloudDbSchema;
  documents: CloudDbDocuments;
  commit: CloudDbCommit;
  live: LiveQueries;
  transfers: CloudDbTransfers;
}
