import type { QualificationsService } from '../service';

/** The family's services, handed to every route file. */
export interface QualificationsServices {
  qualifications: QualificationsService;
}
