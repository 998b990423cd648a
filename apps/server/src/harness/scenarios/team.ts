import { teamApi } from '@wharf/contract';
import { TestUser } from '../session-client';
import type { TestApp } from '../test-app';

/** The token of the newest invitation mailed to an address. */
export async function invitationToken(t: TestApp, email: string): Promise<string> {
  const rows = (await t.deps.database.executeSql(`select text from mail_outbox where "to" = $1 and kind = 'invitation' order by created_at desc, id desc`, [email])).rows as Array<{ text: string }>;
  const m = /#\/invitation\?token=([\w-]+)/.exec(rows[0]?.text ?? '');
  if (!m) throw new Error(`no invitation mailed to ${email}`);
  return m[1]!;
}

/** A holder's team with a second member holding the given roles. */
export async function teamWithMember(t: TestApp, roles: string[], extra: Record<string, unknown> = {}) {
  const holder = await TestUser.register(t, { displayName: 'Holder' });
  const member = await TestUser.register(t, { displayName: 'Member' });
  const invited = await holder.call(teamApi.createSubUser, { body: { email: member.email, roles, ...extra } });
  if (invited.statusCode !== 200) throw new Error(`invite failed: ${invited.body}`);
  // Joining a moment later keeps member lists in a known order.
  t.clock.advance(1000);
  const accepted = await member.call(teamApi.acceptInvitation, { body: { token: await invitationToken(t, member.email) } });
  if (accepted.statusCode !== 200) throw new Error(`accept failed: ${accepted.body}`);
  const switched = await member.call(teamApi.switchTeam, { body: { teamId: holder.teamId } });
  member.absorb(switched);
  member.teamId = holder.teamId;
  return { holder, member };
}

/** A holder's team with a second member whose only role is a custom one of these permissions. */
export async function teamWithCustomMember(t: TestApp, permissions: string[]) {
  const holder = await TestUser.register(t, { displayName: 'Holder' });
  const created = await holder.call(teamApi.createRole, { body: { name: `Only ${permissions.join(' ')}`, permissions } });
  if (created.statusCode !== 200) throw new Error(`role failed: ${created.body}`);
  const role = (created.json() as { role: { key: string } }).role.key;
  const member = await TestUser.register(t, { displayName: 'Member' });
  const invited = await holder.call(teamApi.createSubUser, { body: { email: member.email, roles: [role] } });
  if (invited.statusCode !== 200) throw new Error(`invite failed: ${invited.body}`);
  t.clock.advance(1000);
  const accepted = await member.call(teamApi.acceptInvitation, { body: { token: await invitationToken(t, member.email) } });
  if (accepted.statusCode !== 200) throw new Error(`accept failed: ${accepted.body}`);
  member.absorb(await member.call(teamApi.switchTeam, { body: { teamId: holder.teamId } }));
  member.teamId = holder.teamId;
  return { holder, member };
}
