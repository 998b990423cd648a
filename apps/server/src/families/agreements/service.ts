import { AGREEMENT_IDS, AGREEMENTS, type AgreementId, type AgreementState } from '@wharf/contract';
import { writeAudit } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { AppError, conflict } from '../../platform/http/errors';
import type { DbOrTx } from '../../platform/db/types';
import { callerApp } from '../apps/public';
import { agreementsRepo, type Signature } from './repo';

function stateOf(id: AgreementId, signatures: Signature[]): AgreementState {
  const current = AGREEMENTS[id];
  const mine = signatures.filter((s) => s.agreementId === id);
  const latest = mine.find((s) => s.version === current.version) ?? mine[0];
  return {
    agreementId: id,
    version: current.version,
    requiredFor: [...current.requiredFor],
    signed: latest?.version === current.version,
    signedVersion: latest?.version ?? null,
    signedAt: latest?.signedAt.toISOString() ?? null,
    signedByName: latest?.signedByName ?? null,
  };
}

/** The agreements a team signs before publishing, and the check submissions make. */
export class AgreementsService {

  constructor(private readonly deps: Deps) {}

  async states(db: DbOrTx, teamId: string): Promise<AgreementState[]> {
    const signatures = await agreementsRepo.ofTeam(db, teamId);
    return AGREEMENT_IDS.map((id) => stateOf(id, signatures));
  }

  async list(caller: Caller) {
    return { agreements: await this.states(this.deps.db, caller.teamId!) };
  }

  async sign(caller: Caller, agreementId: AgreementId, version: string) {
    const { db, clock } = this.deps;
    const current = AGREEMENTS[agreementId];
    if (version !== current.version) {
      throw conflict({
        zh: `《${current.names.zh}》已更新为 ${current.version} 版，请阅读新版本后再签署`,
        en: `The ${current.names.en} has been updated to version ${current.version}; read the new version before signing`, ru: `Документ «${current.names.ru}» обновлён до версии ${current.version}; прочитайте новую версию перед подписанием`,
      });
    }
    await db.transaction(async (tx) => {
      const signed = await agreementsRepo.sign(tx, { teamId: caller.teamId!, agreementId, version, signedBy: caller.userId, signedAt: clock.now() });
      if (signed) await writeAudit(tx, clock, { action: 'agreement.sign', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'agreement', targetId: agreementId, data: { version } });
    });
    const agreement = (await this.states(db, caller.teamId!)).find((a) => a.agreementId === agreementId)!;
    return { agreement };
  }

  /** What the app's team still has to sign before a version can be submitted. */
  async missing(db: DbOrTx, teamId: string): Promise<AgreementState[]> {
    return (await this.states(db, teamId)).filter((a) => a.requiredFor.includes('release') && !a.signed);
  }

  async check(caller: Caller, appId: string) {
    const app = await callerApp(this.deps.db, caller, appId);
    const missing = await this.missing(this.deps.db, app.teamId);
    return { signed: missing.length === 0, missing, canSign: caller.permissions.has('agreement.sign') };
  }

  /** Refuses a submission while an agreement is unsigned, naming it. */
  async assertSigned(db: DbOrTx, teamId: string): Promise<void> {
    const missing = await this.missing(db, teamId);
    if (!missing.length) return;
    const zh = missing.map((a) => `《${AGREEMENTS[a.agreementId].names.zh}》`).join('、');
    const en = missing.map((a) => AGREEMENTS[a.agreementId].names.en).join(', ');
    const ru = missing.map((a) => AGREEMENTS[a.agreementId].names.ru).join('», «');
    throw new AppError('agreementUnsigned', {
      zh: `提交审核前，团队需要签署${zh}（由账号持有者或法务角色签署）`,
      en: `Before submitting for review, the team must sign the ${en} (the account holder or a Legal member signs)`, ru: `Перед отправкой на проверку команда должна подписать «${ru}» (подписывает владелец аккаунта или юрист команды)`,
    });
  }
}
