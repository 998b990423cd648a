import { randomBytes } from 'node:crypto';
import { writeAudit } from '../../../platform/audit';
import type { Deps } from '../../../platform/deps';
import type { Caller } from '../../../platform/http/access';
import { AppError, notFound } from '../../../platform/http/errors';
import { usersRepo } from '../repo/users';
import type { Passwords } from '../../../platform/passwords';
import type { SessionCache } from './session-cache';

type OperatorRole = 'reviewer' | 'support' | 'admin';

export class OperatorsService {
  constructor(
    private readonly deps: Deps,
    private readonly passwords: Passwords,
    private readonly cache: SessionCache,
  ) {}

  /**
   * On first start with no accounts at all, creates the platform administrator: from
   * WHARF_OPERATOR_EMAIL / WHARF_OPERATOR_PASSWORD, or with credentials printed once.
   */
  async bootstrap(print: (text: string) => void): Promise<boolean> {
    const { db, clock, config } = this.deps;
    if ((await usersRepo.count(db)) > 0) return false;
    const email = config.operatorBootstrap.email ?? 'operator@wharf.local';
    const generated = !config.operatorBootstrap.password;
    const password = config.operatorBootstrap.password ?? randomBytes(12).toString('base64url');
    const passwordHash = await this.passwords.hash(password);
    await db.transaction(async (tx) => {
      const user = await usersRepo.insert(tx, { email, displayName: 'Platform operator', passwordHash, operatorRoles: ['admin'], createdAt: clock.now() });
      await writeAudit(tx, clock, { action: 'operator.bootstrap', actorKind: 'system', targetType: 'user', targetId: user.id, data: { email } });
    });
    print(
      generated
        ? `\n  Platform operator created: ${email} / ${password}\n  (shown once; sign in and change it with "forgot password", or set WHARF_OPERATOR_EMAIL and WHARF_OPERATOR_PASSWORD before the first start)\n`
        : `\n  Platform operator created: ${email} (password from WHARF_OPERATOR_PASSWORD)\n`,
    );
    return true;
  }

  async list() {
    const rows = await usersRepo.operators(this.deps.db);
    return rows.map((u) => ({ userId: u.id, email: u.email, displayName: u.displayName, roles: u.operatorRoles as OperatorRole[] }));
  }

  async grant(caller: Caller, email: string, role: OperatorRole): Promise<string> {
    const { db, clock } = this.deps;
    return db.transaction(async (tx) => {
      const user = await usersRepo.byEmail(tx, email);
      if (!user) throw notFound({ zh: '没有使用该邮箱的账号', en: 'No account uses this email', ru: 'Аккаунта с этим адресом нет' });
      if (!user.operatorRoles.includes(role)) await usersRepo.setOperatorRoles(tx, user.id, [...user.operatorRoles, role]);
      await writeAudit(tx, clock, { action: 'operator.grant', actorId: caller.userId, ip: caller.ip, actorKind: 'operator', targetType: 'user', targetId: user.id, data: { role } });
      return user.id;
    }).finally(() => this.cache.clear());
  }

  async revoke(caller: Caller, userId: string, role: OperatorRole): Promise<void> {
    const { db, clock } = this.deps;
    await db.transaction(async (tx) => {
      const user = await usersRepo.byId(tx, userId);
      if (!user || !user.operatorRoles.includes(role)) throw notFound();
      if (role === 'admin' && (await usersRepo.operators(tx)).filter((u) => u.operatorRoles.includes('admin')).length <= 1) {
        throw new AppError('conflict', { zh: '至少保留一名平台管理员', en: 'The platform needs at least one administrator', ru: 'На платформе должен остаться хотя бы один администратор' });
      }
      await usersRepo.setOperatorRoles(tx, userId, user.operatorRoles.filter((r) => r !== role));
      await writeAudit(tx, clock, { action: 'operator.revoke', actorId: caller.userId, ip: caller.ip, actorKind: 'operator', targetType: 'user', targetId: userId, data: { role } });
    });
    this.cache.clear();
  }
}
