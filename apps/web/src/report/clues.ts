import { getSessionValue, setSessionValue } from '../session/store';

/**
 * Clue behaviour reports (specification section 7): a team browsing a service of the
 * marketplace becomes a lead for the provider. Sent only for teams of country CN, at most
 * once per service per session (the served ids are kept in reportedClues), and silently:
 * a failure shows no error box.
 */

export type ClueDataType = 'agcp_demoproject_browsing' | 'agc_service_browsing' | 'ecology_service_browsing';

export interface ClueDetail {
  serviceId: string;
  serviceCode?: string;
  menuId?: string;
}

export interface ClueDeps {
  signedIn(): boolean;
  /** The country whose teams are reported: the team's, or the visitor's own when signed out. */
  country(): string | null;
  send(variant: 'team' | 'anonymous', body: { dataType: ClueDataType; detail: ClueDetail }): Promise<unknown>;
}

/** Answers whether a report was sent (false when skipped). */
export async function reportClue(dataType: ClueDataType, detail: ClueDetail, deps: ClueDeps): Promise<boolean> {
  if ((deps.country() ?? '').trim().toUpperCase() !== 'CN') return false;
  const reported = getSessionValue('reportedClues') ?? [];
  if (reported.includes(detail.serviceId)) return false;
  setSessionValue('reportedClues', [...reported, detail.serviceId]);
  try {
    await deps.send(deps.signedIn() ? 'team' : 'anonymous', { dataType, detail });
  } catch {
    // never shown: a lead report is not the user's concern
  }
  return true;
}
