import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { teamApi } from '@wharf/contract';
import { answerCalls, callsTo, roles } from '../../../test/fixtures';
import { shellHandlers } from '../../../test/shell';
import { renderApp } from '../../../test/render';
import { clearSessionCookies, setSessionCookies } from '../../../test/session';
import { callEndpoint } from '../../../test/call-mock';


function event(id: number, over: Record<string, unknown> = {}) {
  return {
    id: String(id), at: `2026-03-0${(id % 9) + 1}T10:00:00.000Z`, action: 'project.create', actorKind: 'user', actorId: 'u1',
    actorName: 'Ada Admin', actorEmail: 'ada@example.com', targetType: 'project', targetId: `p${id}`, data: { name: `P${id}` }, ip: '10.0.0.7',
    ...over,
  };
}

function handlers(auditPages: Array<{ items: unknown[]; nextCursor: string | null }>, role: 'accountHolder' | 'operations' = 'accountHolder') {
  let page = 0;
  return {
    ...shellHandlers({ role }),
    [teamApi.roleList.id]: () => ({ roles: roles() }),
    [teamApi.membersRoleList.id]: () => ({ items: [], nextCursor: null }),
    [teamApi.invitationList.id]: () => ({ items: [] }),
    [teamApi.auditEventList.id]: ({ query }: { query?: unknown }) => {
      const cursor = (query as { cursor?: string }).cursor;
      page = cursor ? Number(cursor) : 0;
      return auditPages[page];
    },
  };
}

beforeEach(() => setSessionCookies());
afterEach(() => {
  callEndpoint.mockReset();
  clearSessionCookies();
  sessionStorage.clear();
  vi.restoreAllMocks();
});

describe('audit log tab', () => {
  it('shows who did what, when and from where, and loads older events', async () => {
    answerCalls(callEndpoint, handlers([
      { items: [event(1)], nextCursor: '1' },
      { items: [event(2, { actorKind: 'system', actorId: null, actorName: null, actorEmail: null, ip: null })], nextCursor: null },
    ]));
    renderApp('ru', '#/team/users?tab=audit');
    expect(await screen.findByText('10.0.0.7')).toBeTruthy();
    expect(screen.getByText(/02\.03\.2026/)).toBeTruthy();
    // Actions and object types in words of the page's language, the object by its name.
    expect(screen.getByText('Создан проект')).toBeTruthy();
    expect(screen.getByText('Проект P1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Показать более ранние' }));
    expect(await screen.findByText('Система')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Показать более ранние' })).toBeNull();
  });

  it('writes 24-hour times on the English site, and an action of its own catalogue in words', async () => {
    answerCalls(callEndpoint, handlers([{ items: [event(1, { at: '2026-03-02T22:05:09.000Z', action: 'version.phased.SUSPEND', targetType: 'version', data: { appId: 'a1' } })], nextCursor: null }]));
    renderApp('en', '#/team/users?tab=audit');
    expect(await screen.findByText('Paused a phased release')).toBeTruthy();
    expect(screen.getByText('Version p1')).toBeTruthy();
    const time = new Date('2026-03-02T22:05:09.000Z').toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    expect(time).not.toMatch(/AM|PM/);
    expect(screen.getByText(new RegExp(time))).toBeTruthy();
    expect(screen.queryByText(/\d (AM|PM)/)).toBeNull();
  });

  it('filters by action on the server', async () => {
    answerCalls(callEndpoint, handlers([{ items: [event(1)], nextCursor: null }]));
    renderApp('en', '#/team/users?tab=audit');
    await screen.findByText('10.0.0.7');
    // The action is chosen by its words, and the server is asked for its key.
    const picker = screen.getByRole('combobox', { name: 'Action' });
    fireEvent.mouseDown(picker);
    fireEvent.change(picker, { target: { value: 'Deleted an app' } });
    fireEvent.click(await screen.findByTitle('Deleted an app'));
    await waitFor(() => expect(callsTo(callEndpoint, teamApi.auditEventList).some((c) => (c.query as { action?: string }).action === 'app.delete')).toBe(true));
  });

  it('exports every page as CSV with formula-like values neutralised', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      blobs.push(b as Blob);
      return 'blob:audit';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    answerCalls(callEndpoint, handlers([
      { items: [event(1, { data: { name: '=HYPERLINK("x")' } })], nextCursor: '1' },
      { items: [event(2)], nextCursor: null },
    ]));
    renderApp('en', '#/team/users?tab=audit');
    await screen.findByText('10.0.0.7');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    const text = await blobs[0]!.text();
    const lines = text.replace(/^\ufeff/, '').split('\r\n');
    expect(lines[0]).toBe('Time,Who,Action,Object type,Object,From,Details');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('ada@example.com');
    // The cell holding "=" is quoted, its quotes doubled: never a live formula.
    expect(lines[1]).toContain('"{""name"":""=HYPERLINK(\\""x\\"")""}"');
    expect(await screen.findByText('Exported 2 events.')).toBeTruthy();
  });

  it('is not offered to a role without the audit permission', async () => {
    answerCalls(callEndpoint, handlers([{ items: [], nextCursor: null }], 'operations'));
    renderApp('en', '#/team/users?tab=audit');
    // Operations may neither manage members nor read the log: the page says so, with no tabs.
    expect(await screen.findByText('No access to users and permissions')).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Audit log' })).toBeNull();
    expect(callsTo(callEndpoint, teamApi.auditEventList)).toHaveLength(0);
  });
});
