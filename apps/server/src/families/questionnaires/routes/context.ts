import type { Deps } from '../../../platform/deps';
import type { QuestionnairesService } from '../service';

/** The family's services, handed to every route file. */
export interface QuestionnairesServices {
  questionnaires: QuestionnairesService;
  deps: Deps;
}
