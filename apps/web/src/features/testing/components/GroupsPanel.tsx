import { useState } from 'react';
import { Alert, App as AntApp, Button, Drawer, Empty, Flex, Form, Input, List, Modal, Popconfirm, Progress, Space, Table, Tag, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Tester, TestGroup, TestInvitation } from '@wharf/contract';
import { TESTING_LIMITS } from '@wharf/rules';
import { ShowMore } from '../../../ui/ShowMore';
import { useAddMembers, useCreateGroup, useCreateInvitation, useDeleteGroup, useEmailInvitation, useExpireInvitation, useGroups, useImportMembers, useInvitations, useMembers, useRemoveMember } from '../hooks';
import { useDisplay } from '../../../session/display';

/** Addresses as people paste them: one per line, or separated by commas, semicolons or spaces. */
export function splitEmails(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).map((s) => s.trim().toLowerCase()).filter(Boolean))];
}

/** The shared link, absolute: the server gives it relative when it does not know its public address. */
export function absoluteLink(link: string): string {
  return link.startsWith('/') ? `${window.location.origin}${link}` : link;
}

/** The team's test-user groups; each opens with its testers and invitations. */
export function GroupsPanel() {
  const { t } = useTranslation('testing');
  const display = useDisplay();
  const groups = useGroups();
  const remove = useDeleteGroup();
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<TestGroup | null>(null);
  const rows = groups.data?.pages.flatMap((p) => p.items) ?? [];
  const total = groups.data?.pages[0]?.total;
  const columns = [
    { key: 'name', title: t('groups.name'), render: (_: unknown, g: TestGroup) => <Button type="link" style={{ padding: 0 }} onClick={() => setOpen(g)}>{g.name}</Button> },
    { key: 'members', title: t('groups.members'), render: (_: unknown, g: TestGroup) => display.number(g.memberCount) },
    { key: 'created', title: t('groups.created'), render: (_: unknown, g: TestGroup) => display.dateTime(g.createdAt) },
    {
      key: 'actions',
      title: t('groups.actions'),
      render: (_: unknown, g: TestGroup) => (
        <Popconfirm title={t('groups.deleteConfirm', { name: g.name })} onConfirm={() => remove.mutateAsync(g.groupId).catch(() => undefined)}>
          <Button size="small" danger>
            {t('groups.delete')}
          </Button>
        </Popconfirm>
      ),
    },
  ];
  return (
    <Flex vertical gap="middle">
      <Flex justify="space-between" align="center">
        <Typography.Text type="secondary">{total !== undefined ? t('groups.count', { n: total, max: TESTING_LIMITS.groupsPerTeam }) : ''}</Typography.Text>
        <Button type="primary" onClick={() => setCreating(true)}>
          {t('groups.create')}
        </Button>
      </Flex>
      <Table<TestGroup> rowKey="groupId" columns={columns} dataSource={rows} loading={groups.isPending} pagination={false} locale={{ emptyText: <Empty description={t('groups.empty')} /> }} />
      <ShowMore list={groups}>{t('groups.more')}</ShowMore>
      {creating && <CreateGroupDialog onClose={() => setCreating(false)} />}
      <Drawer open={open !== null} size="large" title={open?.name} onClose={() => setOpen(null)} destroyOnHidden>
        {open && <GroupDetail group={open} />}
      </Drawer>
    </Flex>
  );
}

function CreateGroupDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('testing');
  const [form] = Form.useForm<{ name: string }>();
  const create = useCreateGroup();
  const submit = async ({ name }: { name: string }) => {
    try {
      await create.mutateAsync(name.trim());
      onClose();
    } catch {
      // Shown by the request layer (a taken name, the team's limit).
    }
  };
  return (
    <Modal open title={t('groups.create')} okText={t('dialog.save')} cancelText={t('dialog.cancel')} onOk={() => form.submit()} confirmLoading={create.isPending} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item name="name" label={t('groups.name')} rules={[{ required: true, whitespace: true, message: t('dialog.required') }, { max: TESTING_LIMITS.groupName, message: t('groups.nameTooLong', { max: TESTING_LIMITS.groupName }) }]}>
          <Input showCount maxLength={TESTING_LIMITS.groupName} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function GroupDetail({ group }: { group: TestGroup }) {
  return (
    <Flex vertical gap="large">
      <Invitations group={group} />
      <Members group={group} />
    </Flex>
  );
}

function Invitations({ group }: { group: TestGroup }) {
  const { t } = useTranslation('testing');
  const { message } = AntApp.useApp();
  const display = useDisplay();
  const invitations = useInvitations(group.groupId);
  const create = useCreateInvitation();
  const expire = useExpireInvitation();
  const email = useEmailInvitation();
  const [emails, setEmails] = useState('');
  const sendMail = async () => {
    const list = splitEmails(emails);
    if (!list.length) return;
    try {
      const res = await email.mutateAsync({ groupId: group.groupId, emails: list });
      void message.success(t('invitations.mailed', { n: res.sent }));
      setEmails('');
    } catch {
      // Shown by the request layer.
    }
  };
  const stateColor = { active: 'green', expired: 'default', full: 'orange' } as const;
  return (
    <Flex vertical gap="small">
      <Flex justify="space-between" align="center">
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('invitations.title')}
        </Typography.Title>
        <Button onClick={() => void create.mutateAsync(group.groupId).catch(() => undefined)} loading={create.isPending}>
          {t('invitations.create')}
        </Button>
      </Flex>
      <Typography.Text type="secondary">{t('invitations.hint', { days: TESTING_LIMITS.invitationDays, max: display.number(TESTING_LIMITS.admissionsPerInvitation) })}</Typography.Text>
      <List<TestInvitation>
        loading={invitations.isPending}
        dataSource={invitations.data ?? []}
        locale={{ emptyText: t('invitations.empty') }}
        renderItem={(i) => (
          <List.Item
            actions={
              i.state === 'expired'
                ? []
                : [
                    <Popconfirm key="expire" title={t('invitations.expireConfirm')} onConfirm={() => expire.mutateAsync(i.invitationId).catch(() => undefined)}>
                      <Button size="small">{t('invitations.expire')}</Button>
                    </Popconfirm>,
                  ]
            }
          >
            <Space orientation="vertical" size={0}>
              <Space>
                <Typography.Text code copyable>
                  {i.code}
                </Typography.Text>
                <Tag color={stateColor[i.state]}>{t(`invitations.states.${i.state}`)}</Tag>
              </Space>
              <Typography.Text copyable={{ text: absoluteLink(i.link), tooltips: [t('invitations.copyLink'), t('invitations.copied')] }} type="secondary" style={{ fontSize: 12 }}>
                {t('invitations.link')}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('invitations.facts', { expires: display.dateTime(i.expiresAt), admissions: display.number(i.admissions), max: display.number(i.maxAdmissions) })}
              </Typography.Text>
            </Space>
          </List.Item>
        )}
      />
      <Input.TextArea rows={2} value={emails} onChange={(e) => setEmails(e.target.value)} placeholder={t('invitations.emailPlaceholder')} aria-label={t('invitations.emailPlaceholder')} />
      <Flex justify="end">
        <Button onClick={() => void sendMail()} loading={email.isPending} disabled={!splitEmails(emails).length}>
          {t('invitations.email')}
        </Button>
      </Flex>
    </Flex>
  );
}

interface ImportState {
  fileName: string;
  percent: number;
  result?: { rows: number; added: number; skipped: number; errors: Array<{ line: number; msg: string }> };
}

function Members({ group }: { group: TestGroup }) {
  const { t } = useTranslation('testing');
  const { message } = AntApp.useApp();
  const display = useDisplay();
  const members = useMembers(group.groupId);
  const add = useAddMembers();
  const remove = useRemoveMember();
  const importer = useImportMembers();
  const [emails, setEmails] = useState('');
  const [imported, setImported] = useState<ImportState | null>(null);
  const rows = members.data?.pages.flatMap((p) => p.items) ?? [];
  const total = members.data?.pages[0]?.total;
  const addAll = async () => {
    const list = splitEmails(emails);
    if (!list.length) return;
    try {
      const res = await add.mutateAsync({ groupId: group.groupId, emails: list });
      void message.success(t('members.added', { added: res.added, skipped: res.skipped }));
      setEmails('');
    } catch {
      // Shown by the request layer.
    }
  };
  const importFile = async (file: File) => {
    setImported({ fileName: file.name, percent: 0 });
    try {
      const csv = await file.text();
      const result = await importer.mutateAsync({ groupId: group.groupId, csv, onProgress: (percent) => setImported((s) => (s ? { ...s, percent } : s)) });
      setImported({ fileName: file.name, percent: 100, result });
    } catch {
      setImported(null);
    }
  };
  const columns = [
    { key: 'email', title: t('members.email'), render: (_: unknown, m: Tester) => m.email ?? <Typography.Text type="secondary">{t('members.anonymous')}</Typography.Text> },
    { key: 'name', title: t('members.name'), render: (_: unknown, m: Tester) => m.name ?? '' },
    { key: 'source', title: t('members.source'), render: (_: unknown, m: Tester) => t(`members.sources.${m.source}`) },
    { key: 'joined', title: t('members.joined'), render: (_: unknown, m: Tester) => (m.joinedAt ? display.dateTime(m.joinedAt) : t('members.notJoined')) },
    {
      key: 'actions',
      title: '',
      render: (_: unknown, m: Tester) => (
        <Popconfirm title={t('members.removeConfirm')} onConfirm={() => remove.mutateAsync({ groupId: group.groupId, testerId: m.testerId }).catch(() => undefined)}>
          <Button size="small" danger>
            {t('members.remove')}
          </Button>
        </Popconfirm>
      ),
    },
  ];
  return (
    <Flex vertical gap="small">
      <Flex justify="space-between" align="center">
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('members.title')}
        </Typography.Title>
        {total !== undefined && <Typography.Text type="secondary">{t('members.count', { n: total, max: display.number(TESTING_LIMITS.testersPerGroup) })}</Typography.Text>}
      </Flex>
      <Input.TextArea rows={2} value={emails} onChange={(e) => setEmails(e.target.value)} placeholder={t('members.addPlaceholder')} aria-label={t('members.addPlaceholder')} />
      <Flex justify="end" gap="small">
        <Upload
          accept=".csv,text/csv"
          showUploadList={false}
          beforeUpload={(file) => {
            void importFile(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <Button loading={importer.isPending}>{t('members.import')}</Button>
        </Upload>
        <Button type="primary" onClick={() => void addAll()} loading={add.isPending} disabled={!splitEmails(emails).length}>
          {t('members.add')}
        </Button>
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('members.importHint', { max: display.number(TESTING_LIMITS.testersPerGroup) })}
      </Typography.Text>
      {imported && (
        <Flex vertical gap="small" data-testid="csv-import">
          <Typography.Text>{imported.fileName}</Typography.Text>
          <Progress percent={imported.percent} size="small" />
          {imported.result && (
            <Alert
              type={imported.result.errors.length ? 'warning' : 'success'}
              showIcon
              title={t('members.importResult', { rows: imported.result.rows, added: imported.result.added, skipped: imported.result.skipped, refused: imported.result.errors.length })}
              description={
                imported.result.errors.length ? (
                  <ul style={{ margin: 0, paddingInlineStart: 20, maxHeight: 160, overflow: 'auto' }}>
                    {imported.result.errors.map((e) => (
                      <li key={e.line}>{t('members.lineError', { line: e.line, msg: e.msg })}</li>
                    ))}
                  </ul>
                ) : undefined
              }
            />
          )}
        </Flex>
      )}
      <Table<Tester> rowKey="testerId" size="small" columns={columns} dataSource={rows} loading={members.isPending} pagination={false} locale={{ emptyText: <Empty description={t('members.empty')} /> }} />
      <ShowMore list={members}>{t('members.more')}</ShowMore>
    </Flex>
  );
}
