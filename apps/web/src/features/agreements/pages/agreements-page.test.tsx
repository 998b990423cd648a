import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { agreementApi, AGREEMENTS, type AgreementState, type BuiltInRole } from '@wharf/contract';
import { answerCalls, callsTo } from '../../../test/fixtures';
import { shellHandlers } from '../../../test/shell';
import { renderApp } from '../../../test/render';
import { clearSessionCookies, setSessionCookies } from '../../../test/session';
import { callEndpoint } from '../../../test/call-mock';


const OK = { code: 0, msg: 'success' };
const CURRENT = AGREEMENTS.distribution.version;
const unsigned = (over: Partial<AgreementState> = {}): AgreementState => ({
  agreementId: 'distribution',
  version: CURRENT,
  requiredFor: ['release'],
  signed: false,
  signedVersion: null,
  signedAt: null,
  signedByName: null,
  ...over,
});

function serve(role: BuiltInRole, initial: AgreementState) {
  let state = initial;
  answerCalls(callEndpoint, {
    ...shellHandlers({ role }),
    [agreementApi.agreementList.id]: () => ({ ret: OK, agreements: [state] }),
    [agreementApi.signAgreement.id]: () => {
      state = unsigned({ signed: true, signedVersion: CURRENT, signedAt: '2026-03-09T12:00:00.000Z', signedByName: 'Ada Admin' });
      return { ret: OK, agreement: state };
    },
  });
}

beforeEach(() => setSessionCookies({ siteId: 8 }));
afterEach(() => {
  callEndpoint.mockReset();
  clearSessionCookies();
});

describe('Agreements', () => {
  it('the account holder reads the text and signs for the team; the page then says who signed and when', async () => {
    serve('accountHolder', unsigned());
    renderApp('en', '#/team/agreements');
    const card = (await screen.findByText('Wharf Distribution Service Agreement')).closest('.ant-card') as HTMLElement;
    expect(within(card).getByText('Not signed')).toBeTruthy();
    expect(within(card).getByText('Needed before any version can be submitted for release review.')).toBeTruthy();
    fireEvent.click(within(card).getByText('Read the agreement'));
    expect(await within(card).findByText(/holds the rights to every package/)).toBeTruthy();
    fireEvent.click(within(card).getByText('Read and sign').closest('button')!);
    const dialog = (await screen.findByText('I have read the agreement and accept it on behalf of my team')).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(dialog).getByRole('checkbox'));
    fireEvent.click(within(dialog).getByText('Sign for the team').closest('button')!);
    expect(await screen.findByText('Signed', { selector: '.ant-tag' })).toBeTruthy();
    expect(callsTo(callEndpoint, agreementApi.signAgreement)[0]?.body).toEqual({ agreementId: 'distribution', version: CURRENT });
    expect(screen.getByText(new RegExp(`Signed by Ada Admin on 2026-03-09 \\d\\d:00 \\(version ${CURRENT}\\)`))).toBeTruthy();
    expect(screen.queryByText('Read and sign')).toBeNull();
  });

  it('in Russian, a member without the Legal role sees that a new version awaits signing and whom to ask', async () => {
    serve('development', unsigned({ signedVersion: '2025-01', signedAt: '2025-02-01T08:00:00.000Z', signedByName: 'Old Legal' }));
    renderApp('ru', '#/team/agreements');
    expect(await screen.findByText('Соглашение об услугах распространения Wharf')).toBeTruthy();
    expect(screen.getByText('Новая редакция к подписи')).toBeTruthy();
    expect(screen.getByText(/Подписал\(а\) Old Legal .* \(редакция 2025-01\)/)).toBeTruthy();
    expect(screen.getByText('Подписать может владелец аккаунта или участник с ролью «Юрист».')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Прочитать и подписать')).toBeNull());
  });
});
