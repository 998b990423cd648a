import type { Deps } from '../../../platform/deps';
import type { AssociationFiles } from '../association';
import type { LinkClaims } from '../claims';
import type { LinksService } from '../links';
import type { LinkMeter } from '../meter';
import type { LinkPrefixes } from '../prefixes';
import type { LinkReports } from '../reports';
import type { LinkServer } from '../serve';
import type { LinkSettingsService } from '../settings';

/** The family's services, handed to every route file. */
export interface AppLinksServices {
  deps: Deps;
  meter: LinkMeter;
  server: LinkServer;
  settings: LinkSettingsService;
  prefixes: LinkPrefixes;
  links: LinksService;
  claims: LinkClaims;
  reports: LinkReports;
  association: AssociationFiles;
}
