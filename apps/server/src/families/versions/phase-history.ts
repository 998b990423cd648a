import type { DbOrTx } from '../../platform/db/types';
import { versionsRepo } from './repo';

export interface PhaseHistory {
  versionId: string;
  versionName: string;
  /** Each change of the phase, oldest first: its state after and the share of devices it reached. */
  changes: Array<{ at: Date; state: string; percent: number }>;
}

/** An app's phased releases and how each phase moved: what analytics draws the adoption curve against. */
export async function phaseHistories(db: DbOrTx, appId: string): Promise<PhaseHistory[]> {
  const phases = await versionsRepo.appPhases(db, appId);
  return phases.map((p) => ({
    versionId: p.versionId,
    versionName: p.versionName ?? '',
    changes: p.events.map((e) => ({ at: e.at, state: String(e.data.toPhase), percent: Number(e.data.percentBp) / 100 })),
  }));
}
