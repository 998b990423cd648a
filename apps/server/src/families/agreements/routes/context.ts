import type { AgreementsService } from '../service';

/** The family's services, handed to every route file. */
export interface AgreementsServices {
  agreements: AgreementsService;
}
