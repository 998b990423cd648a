// What other families may use of agreements: nothing else of this folder.

/** The agreements a team signs; `missing` and `assertSigned` are the checks a submission makes. */
export { AgreementsService } from './service';
