import type { CloudDbDocuments } from '../document-service';
import type { LiveQueries } from '../live';
import type { CloudDbTransfers } from '../transfers';
import type { CloudDbSchema } from '../schema-service';

/** What Cloud DB's routes are handed. */
export interface CloudDbServices {
  schema: CloudDbSchema;
  documents: CloudDbDocuments;
  live: LiveQueries;
  transfers: CloudDbTransfers;
}
