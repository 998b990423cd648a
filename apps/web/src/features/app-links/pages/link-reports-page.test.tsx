import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { appLinksApi as api, type LinkReport } from '@wharf/contract';
import { callEndpoint } from '../../../test/call-mock';
import { answerCalls, callsTo } from '../../../test/fixtures';
import { shellHandlers } from '../../../test/shell';
import { renderApp } from '../../../test/render';
import { clearSessionCookies, setSessionCookies } from '../../../test/session';

const OK = { code: 0, msg: 'success' };
const REPORT: LinkReport = { reportId: '00000000-0000-4000-8000-000000000200', linkId: '00000000-0000-4000-8000-000000000100', shortLink: 'http://usercontent.localhost:8081/l/dice/free-gems', deepLink: 'https://phish.example/login', projectId: '00000000-0000-4000-8000-000000000001', reason: 'phishing', reports: 3, linkState: 'active', createdAt: '2026-03-09T12:00:00.000Z' };

beforeEach(() => setSessionCookies({ siteId: 8 }));
afterEach(() => {
  callEndpoint.mockReset();
  clearSessionCookies();
});

describe("the operator's link reports", () => {
  it('lists reported links and takes one down after asking', async () => {
    let reports = [REPORT];
    answerCalls(callEndpoint, {
      ...shellHandlers({ me: { operatorRoles: ['reviewer'] } }),
      [api.listLinkReports.id]: () => ({ ret: OK, reports }),
      [api.decideLinkReport.id]: () => ((reports = []), { ret: OK }),
    });
    renderApp('en', '#/link-reports');
    const row = (await screen.findByText('phishing')).closest('tr') as HTMLElement;
    expect(within(row).getByText('3')).toBeTruthy();
    fireEvent.click(within(row).getByText('Take down').closest('button')!);
    const confirm = (await screen.findByText(`Take ${REPORT.shortLink} down for everyone?`)).closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(confirm).getByText('OK').closest('button')!);
    await waitFor(() => expect(callsTo(callEndpoint, api.decideLinkReport)[0]).toMatchObject({ params: { reportId: REPORT.reportId }, body: { decision: 'takeDown' } }));
    expect(await screen.findByText('No reports waiting.')).toBeTruthy();
  });
});
