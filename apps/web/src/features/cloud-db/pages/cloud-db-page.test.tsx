import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { cloudDbApi, projectApi, type CloudDbZone, type ObjectType } from '@wharf/contract';
import { DEFAULT_CLOUD_DB_PERMISSIONS } from '@wharf/rules';
import { callEndpoint } from '../../../test/call-mock';
import { answerCalls, callsTo, type Handler } from '../../../test/fixtures';
import { shellHandlers } from '../../../test/shell';
import { renderApp } from '../../../test/render';
import { clearSessionCookies, setSessionCookies } from '../../../test/session';

// Cloud DB in the console with the real providers, router and antd; the request layer is replaced at its boundary.

const OK = { code: 0, msg: 'success' };
const PROJECT_ID = '00000000-0000-4000-8000-000000000001';
const AT = '2026-11-28T10:00:00.000Z';
const BOOK: ObjectType = {
  objectTypeName: 'BookInfo',
  fields: [
    { fieldName: 'id', fieldType: 'Integer', belongPrimaryKey: true, notNull: true, isNeedEncrypt: false },
    { fieldName: 'bookName', fieldType: 'String', belongPrimaryKey: false, notNull: false, isNeedEncrypt: false },
    { fieldName: 'price', fieldType: 'Double', belongPrimaryKey: false, notNull: false, isNeedEncrypt: false },
  ],
  indexes: [],
  permissions: DEFAULT_CLOUD_DB_PERMISSIONS,
  securityRules: {},
  revision: 1,
  createdAt: AT,
  updatedAt: AT,
  rows: 2,
  bytes: 49152,
};
const MAIN: CloudDbZone = { zoneName: 'main', retentionDays: null, createdAt: AT };

function serve(types: ObjectType[], zones: CloudDbZone[], over: Record<string, Handler> = {}) {
  answerCalls(callEndpoint, {
    ...shellHandlers(),
    [projectApi.getProject.id]: () => ({ ret: OK, project: { projectId: PROJECT_ID, name: 'P', dataLocation: 'china', createdAt: AT, updatedAt: AT } }),
    [cloudDbApi.listObjectTypes.id]: () => ({ ret: OK, objectTypes: types, zones }),
    [cloudDbApi.createObjectType.id]: ({ body }) => ({ ret: OK, objectType: { ...BOOK, ...(body as object) } }),
    [cloudDbApi.createZone.id]: ({ body }) => ({ ret: OK, zone: { ...MAIN, ...(body as object) } }),
    [cloudDbApi.browseObjects.id]: ({ body }) => {
      const where = (body as { where: unknown[] }).where;
      const all = [{ id: 1, bookName: 'Dune', price: 9.5 }, { id: 2, bookName: 'Solaris', price: null }];
      const objects = where.length ? all.slice(0, 1) : all;
      return { ret: OK, objects, cursor: null, total: objects.length };
    },
    [cloudDbApi.writeObjects.id]: ({ body }) => ({ ret: OK, upserted: 1, objects: (body as { objects: unknown[] }).objects }),
    ...over,
  });
}

const button = (name: string | RegExp) => screen.getByRole('button', { name });

beforeEach(() => setSessionCookies({ siteId: 8 }));
afterEach(() => {
  callEndpoint.mockReset();
  clearSessionCookies();
  localStorage.clear();
});

describe('Cloud DB pages', () => {
  it('say what to do first, and add an object type with a key, a field and an index', async () => {
    serve([], [MAIN]);
    renderApp('en', `#/projects/${PROJECT_ID}/cloud-db`);
    expect(await screen.findByText(/No object types yet\. An object type defines/)).toBeTruthy();
    fireEvent.click(button('Add object type'));
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'BookInfo' } });
    fireEvent.click(button('Add field'));
    const names = screen.getAllByLabelText('Field');
    fireEvent.change(names[1]!, { target: { value: 'bookName' } });
    fireEvent.click(button('Add index'));
    fireEvent.change(screen.getByLabelText('Index name'), { target: { value: 'byName' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Add object type' }).at(-1)!);
    await waitFor(() => expect(callsTo(callEndpoint, cloudDbApi.createObjectType)).toHaveLength(1));
    expect(callsTo(callEndpoint, cloudDbApi.createObjectType)[0]!.body).toEqual({
      objectTypeName: 'BookInfo',
      fields: [
        { fieldName: 'id', fieldType: 'Integer', belongPrimaryKey: true, notNull: true, isNeedEncrypt: false },
        { fieldName: 'bookName', fieldType: 'String', belongPrimaryKey: false, notNull: false, isNeedEncrypt: false },
      ],
      indexes: [{ indexName: 'byName', indexList: [{ fieldName: 'id', sortType: 'ASC' }] }],
      permissions: DEFAULT_CLOUD_DB_PERMISSIONS,
    });
  });

  it('say what AppGallery Connect’s rules refuse before saving, and keep what was typed on this device', async () => {
    serve([], [MAIN]);
    const first = renderApp('en', `#/projects/${PROJECT_ID}/cloud-db/types/new`);
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Shelf' } });
    fireEvent.click(screen.getByLabelText('Primary key'));
    expect(await screen.findByTestId('type-problem')).toHaveProperty('textContent', 'Mark at least one field as the primary key');
    expect(screen.getAllByRole('button', { name: 'Add object type' }).at(-1)!.hasAttribute('disabled')).toBe(true);
    first.unmount();
    renderApp('en', `#/projects/${PROJECT_ID}/cloud-db/types/new`);
    const offer = await screen.findByTestId('type-draft');
    fireEvent.click(within(offer).getByRole('button', { name: 'Restore them' }));
    await waitFor(() => expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Shelf'));
  });

  it('browse documents with a condition, and change one', async () => {
    serve([BOOK], [MAIN]);
    renderApp('en', `#/projects/${PROJECT_ID}/cloud-db?tab=data`);
    expect(await screen.findByText('Matching documents: 2')).toBeTruthy();
    expect(screen.getByText('Solaris')).toBeTruthy();
    fireEvent.click(button('Add condition'));
    fireEvent.mouseDown(screen.getByLabelText('Field'));
    fireEvent.click(await screen.findByText('price', { selector: '.ant-select-item-option-content' }));
    fireEvent.change(screen.getByLabelText('Value'), { target: { value: '9.5' } });
    fireEvent.click(button('Apply'));
    expect(await screen.findByText('Matching documents: 1')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Edit' })[0]!);
    fireEvent.change(await screen.findByLabelText('bookName · String'), { target: { value: 'Dune Messiah' } });
    fireEvent.click(button('Save'));
    await waitFor(() => expect(callsTo(callEndpoint, cloudDbApi.writeObjects)).toHaveLength(1));
    expect(callsTo(callEndpoint, cloudDbApi.browseObjects).at(-1)!.body).toMatchObject({ where: [{ field: 'price', op: 'equalTo', value: 9.5 }] });
    expect(callsTo(callEndpoint, cloudDbApi.writeObjects)[0]!.body).toEqual({ objects: [{ id: 1, bookName: 'Dune Messiah', price: 9.5 }] });
  });

  it('add a zone with a retention period, and say a project without zones needs one first', async () => {
    serve([BOOK], []);
    renderApp('ru', `#/projects/${PROJECT_ID}/cloud-db?tab=zones`);
    expect(await screen.findByText(/Зон пока нет\. Приложения хранят документы в зоне/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Зона'), { target: { value: 'archive' } });
    fireEvent.change(screen.getByLabelText('Срок хранения'), { target: { value: '30' } });
    fireEvent.click(button('Добавить зону'));
    await waitFor(() => expect(callsTo(callEndpoint, cloudDbApi.createZone)).toHaveLength(1));
    expect(callsTo(callEndpoint, cloudDbApi.createZone)[0]!.body).toEqual({ zoneName: 'archive', retentionDays: 30 });
  });
});

describe('Cloud DB security rules', () => {
  it('say what is wrong as a rule is typed, simulate it here, and save it', async () => {
    serve([BOOK], [MAIN], { [cloudDbApi.setSecurityRules.id]: ({ body }) => ({ ret: OK, objectType: { ...BOOK, securityRules: (body as { rules: object }).rules, revision: 2 } }) });
    renderApp('en', `#/projects/${PROJECT_ID}/cloud-db/types/BookInfo`);
    const card = within(await screen.findByTestId('rules-card'));
    fireEvent.change(card.getByLabelText('Upsert'), { target: { value: 'request.data.cost >= 0' } });
    expect(card.getByTestId('rules-problem').textContent).toBe('Upsert rule: there is no field “cost”');
    fireEvent.change(card.getByLabelText('Upsert'), { target: { value: 'auth != null && request.data.price >= 0' } });
    fireEvent.mouseDown(card.getByLabelText('Operation'));
    fireEvent.click(await screen.findByText('Upsert', { selector: '.ant-select-item-option-content' }));
    fireEvent.change(card.getByLabelText('Document written (JSON)'), { target: { value: '{"price": -3}' } });
    fireEvent.click(card.getByRole('button', { name: 'Run' }));
    expect((await card.findByTestId('rules-result')).textContent).toBe('Denied');
    fireEvent.change(card.getByLabelText('Document written (JSON)'), { target: { value: '{"price": 3}' } });
    fireEvent.click(card.getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(card.getByTestId('rules-result').textContent).toBe('Allowed'));
    fireEvent.click(card.getByRole('button', { name: 'Save rules' }));
    await waitFor(() => expect(callsTo(callEndpoint, cloudDbApi.setSecurityRules)).toHaveLength(1));
    expect(callsTo(callEndpoint, cloudDbApi.setSecurityRules)[0]!.body).toEqual({ rules: { upsert: 'auth != null && request.data.price >= 0' }, revision: 1 });
  });
});
