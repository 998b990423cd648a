// The web side of a new family: its calls as react-query hooks, a project page, its
// strings in three languages, its route and its test.

export function webFiles(n) {
  const dir = `apps/web/src/features/${n.family}`;
  const api = `${n.camel}Api`;
  return {
    [`${dir}/api/keys.ts`]: `import { ${api} } from '@wharf/contract';

export const ${n.camel}Keys = {
  all: ['${n.family}'] as const,
  list: (projectId: string) => [...${n.camel}Keys.all, ${api}.list${n.Pascal}.id, projectId] as const,
};
`,
    [`${dir}/api/queries.ts`]: `import { useQuery } from '@tanstack/react-query';
import { ${api} } from '@wharf/contract';
import { callEndpoint } from '../../../request/call';
import { ${n.camel}Keys } from './keys';

/** The first page of the project's ${n.human}, with their count. */
export function use${n.Pascal}(projectId: string) {
  return useQuery({
    queryKey: ${n.camel}Keys.list(projectId),
    queryFn: ({ signal }) => callEndpoint(${api}.list${n.Pascal}, { query: { projectId, pageSize: 100, withTotal: 'true' }, signal }),
    enabled: Boolean(projectId),
  });
}
`,
    [`${dir}/api/mutations.ts`]: `import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ${api} } from '@wharf/contract';
import { callEndpoint } from '../../../request/call';
import { ${n.camel}Keys } from './keys';

export function useCreate${n.Item}(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => callEndpoint(${api}.create${n.Item}, { query: { projectId }, body: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ${n.camel}Keys.list(projectId) }),
  });
}

export function useDelete${n.Item}(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (${n.item}Id: string) => callEndpoint(${api}.delete${n.Item}, { params: { ${n.item}Id }, query: { projectId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ${n.camel}Keys.list(projectId) }),
  });
}
`,
    [`${dir}/pages/${n.Pascal}Page.tsx`]: `import { Button, Empty, Flex, Form, Input, Popconfirm, Skeleton, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { ${n.Item} } from '@wharf/contract';
import { formatDate } from '@wharf/rules';
import { useCreate${n.Item}, useDelete${n.Item} } from '../api/mutations';
import { use${n.Pascal} } from '../api/queries';

/** The project's ${n.human}: the list, a form to add one, and deletion. */
export function ${n.Pascal}Page() {
  const { t, i18n } = useTranslation('${n.family}');
  const { projectId = '' } = useParams();
  const list = use${n.Pascal}(projectId);
  const create = useCreate${n.Item}(projectId);
  const remove = useDelete${n.Item}(projectId);
  const [form] = Form.useForm<{ name: string }>();
  const add = async ({ name }: { name: string }) => {
    await create.mutateAsync(name);
    form.resetFields();
  };
  return (
    <>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        {t('page.title')}
      </Typography.Title>
      <Form form={form} layout="inline" onFinish={add} style={{ marginBottom: 16 }}>
        <Form.Item name="name" label={t('fields.name')} rules={[{ required: true, whitespace: true, message: t('fields.nameRequired') }, { max: 64 }]}>
          <Input maxLength={64} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={create.isPending}>
          {t('actions.create')}
        </Button>
      </Form>
      {list.isPending ? (
        <Skeleton active />
      ) : !list.data?.items.length ? (
        <Empty description={t('empty')} />
      ) : (
        <Flex vertical gap="small">
          <Typography.Text type="secondary">{t('count', { count: list.data.total ?? list.data.items.length })}</Typography.Text>
          <Table<${n.Item}>
            rowKey="${n.item}Id"
            dataSource={list.data.items}
            pagination={false}
            columns={[
              { title: t('fields.name'), dataIndex: 'name' },
              { title: t('fields.createdAt'), dataIndex: 'createdAt', render: (at: string) => formatDate(at, i18n.language) },
              {
                title: t('fields.actions'),
                key: 'actions',
                render: (_: unknown, row) => (
                  <Popconfirm title={t('actions.deleteConfirm', { name: row.name })} onConfirm={() => remove.mutateAsync(row.${n.item}Id)} okText={t('actions.delete')}>
                    <Button danger size="small">
                      {t('actions.delete')}
                    </Button>
                  </Popconfirm>
                ),
              },
            ]}
          />
        </Flex>
      )}
    </>
  );
}
`,
    [`${dir}/routes.tsx`]: `import type { FamilyPages } from '../../ui/family-pages';
import { lazyPage } from '../../ui/lazy-page';

export const projectPages: FamilyPages['projectPages'] = [{ path: '${n.family}', element: lazyPage(() => import('./pages/${n.Pascal}Page'), (m) => m.${n.Pascal}Page) }];
`,
    [`${dir}/public.ts`]: `// What other features may use of ${n.family}: nothing else of this folder.
export { ${n.camel}Keys } from './api/keys';
`,
    ...locales(n, dir),
    [`${dir}/pages/${n.family}-page.test.tsx`]: webTest(n),
  };
}

function locales(n, dir) {
  const strings = {
    cn: { page: { title: n.Pascal }, fields: { [`${n.item}Id`]: n.Item, name: '名称', nameRequired: '请输入名称', createdAt: '创建时间', actions: '操作' }, actions: { create: '创建', delete: '删除', deleteConfirm: '删除“{{name}}”？' }, empty: '还没有任何对象。在上方输入名称并点击“创建”。', count: '共 {{count}} 个' },
    en: { page: { title: n.Pascal }, fields: { [`${n.item}Id`]: n.Item, name: 'Name', nameRequired: 'Enter a name', createdAt: 'Created', actions: 'Actions' }, actions: { create: 'Create', delete: 'Delete', deleteConfirm: 'Delete "{{name}}"?' }, empty: 'Nothing here yet. Enter a name above and choose Create.', count: '{{count}} in all' },
    ru: { page: { title: n.Pascal }, fields: { [`${n.item}Id`]: n.Item, name: 'Название', nameRequired: 'Введите название', createdAt: 'Создано', actions: 'Действия' }, actions: { create: 'Создать', delete: 'Удалить', deleteConfirm: 'Удалить «{{name}}»?' }, empty: 'Здесь пока пусто. Введите название выше и нажмите «Создать».', count: 'Всего: {{count}}' },
  };
  return Object.fromEntries(Object.entries(strings).map(([lang, s]) => [`${dir}/locales/${lang}.json`, `${JSON.stringify(s, null, 2)}\n`]));
}

function webTest(n) {
  const api = `${n.camel}Api`;
  return `import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { authApi, consoleApi, contentApi, projectApi, teamApi, ${api}, type ${n.Item} } from '@wharf/contract';
import { callEndpoint } from '../../../test/call-mock';
import { answerCalls, callsTo, CONFIG, me, permissionsOf } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { clearSessionCookies, setSessionCookies } from '../../../test/session';

const OK = { code: 0, msg: 'success' };
const PROJECT_ID = '00000000-0000-4000-8000-000000000001';
const thing = (name: string, i: number): ${n.Item} => ({ ${n.item}Id: \`00000000-0000-4000-8000-00000000010\${i}\`, projectId: PROJECT_ID, name, createdAt: '2026-03-09T12:00:00.000Z' });

function serve(initial: ${n.Item}[]) {
  let items = initial;
  answerCalls(callEndpoint, {
    [consoleApi.getConfig.id]: () => CONFIG,
    [authApi.userInfo.id]: () => me(),
    [teamApi.userPermission.id]: () => permissionsOf('accountHolder'),
    [contentApi.serviceList.id]: () => ({ ret: OK, items: [] }),
    [projectApi.getProject.id]: () => ({ ret: OK, project: { projectId: PROJECT_ID, name: 'P', dataLocation: 'china', createdAt: '2026-03-09T12:00:00.000Z', updatedAt: '2026-03-09T12:00:00.000Z' } }),
    [${api}.list${n.Pascal}.id]: () => ({ ret: OK, items, nextCursor: null, total: items.length }),
    [${api}.create${n.Item}.id]: (o) => {
      const created = thing((o.body as { name: string }).name, items.length + 1);
      items = [created, ...items];
      return { ret: OK, ${n.item}: created };
    },
    [${api}.delete${n.Item}.id]: (o) => {
      items = items.filter((i) => i.${n.item}Id !== (o.params as { ${n.item}Id: string }).${n.item}Id);
      return { ret: OK };
    },
  });
}

beforeEach(() => setSessionCookies({ siteId: 8 }));
afterEach(() => {
  callEndpoint.mockReset();
  clearSessionCookies();
});

describe('${n.Pascal}Page', () => {
  it('says what to do when empty, then adds one and deletes it', async () => {
    serve([]);
    renderApp('en', \`#/projects/\${PROJECT_ID}/${n.family}\`);
    expect(await screen.findByText('Nothing here yet. Enter a name above and choose Create.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Alpha' } });
    fireEvent.click(screen.getByText('Create').closest('button')!);
    const row = (await screen.findByText('Alpha')).closest('tr') as HTMLElement;
    expect(callsTo(callEndpoint, ${api}.create${n.Item})[0]).toMatchObject({ query: { projectId: PROJECT_ID }, body: { name: 'Alpha' } });
    fireEvent.click(within(row).getByText('Delete').closest('button')!);
    const confirm = (await screen.findByText('Delete "Alpha"?')).closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(confirm).getByText('Delete').closest('button')!);
    await waitFor(() => expect(screen.queryByText('Alpha')).toBeNull());
    expect(callsTo(callEndpoint, ${api}.delete${n.Item})).toHaveLength(1);
  });

  it('asks for a name before creating, and speaks Russian on the Russian site', async () => {
    serve([thing('Beta', 1)]);
    renderApp('ru', \`#/projects/\${PROJECT_ID}/${n.family}\`);
    expect(await screen.findByText('Beta')).toBeTruthy();
    fireEvent.click(screen.getByText('Создать').closest('button')!);
    expect(await screen.findByText('Введите название')).toBeTruthy();
    expect(callsTo(callEndpoint, ${api}.create${n.Item})).toHaveLength(0);
  });
});
`;
}
