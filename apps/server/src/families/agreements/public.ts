// What other families may use of agreements: nothing else of this folder.
import { perDeps } from '../../platform/per-deps';
import { AgreementsService } from './service';

/** The agreements a team signs; `missing` and `assertSigned` are the checks a submission makes. */
export { AgreementsService } from './service';

/** The agreements service, one per running server (see platform/per-deps.ts). */
export const agreementsOf = perDeps((deps) => new AgreementsService(deps));
