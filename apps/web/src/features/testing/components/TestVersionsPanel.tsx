import { useState } from 'react';
import { App as AntApp, Button, DatePicker, Empty, Flex, Form, Input, InputNumber, Modal, Popconfirm, Radio, Select, Space, Table, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { PARSE_STATE, type TestVersion } from '@wharf/contract';
import { TESTING_LIMITS, type TestDeveloperAction, type TestState } from '@wharf/rules';
import { usePackages } from '../../packages/public';
import { useGroups, useSaveTestVersion, useTestRelease, useTestVersions } from '../hooks';
import { useDisplay } from '../../../session/display';

export const STATE_COLORS: Record<TestState, string> = { draft: 'default', underReview: 'processing', waiting: 'gold', testing: 'green', rejected: 'red', expired: 'default' };

/** The app's test versions with their states and the buttons each state allows. */
export function TestVersionsPanel({ appId }: { appId: string }) {
  const { t } = useTranslation('testing');
  const { message } = AntApp.useApp();
  const display = useDisplay();
  const versions = useTestVersions(appId);
  const groups = useGroups();
  const release = useTestRelease();
  const [editing, setEditing] = useState<TestVersion | 'new' | null>(null);
  const groupName = new Map((groups.data?.pages.flatMap((p) => p.items) ?? []).map((g) => [g.groupId, g.name]));
  const act = async (v: TestVersion, action: 'submit' | 'withdraw' | 'stop') => {
    try {
      await release.mutateAsync({ appId, testVersionId: v.testVersionId, action });
      void message.success(t(`versions.done.${action}`));
    } catch {
      // Shown by the request layer.
    }
  };
  const buttons = (v: TestVersion) => {
    const allowed = new Set<TestDeveloperAction>(v.allowedActions);
    return (
      <Space wrap>
        {(allowed.has('edit') || allowed.has('changeWindow')) && (
          <Button size="small" onClick={() => setEditing(v)}>
            {allowed.has('edit') ? t('versions.edit') : t('versions.changeWindow')}
          </Button>
        )}
        {allowed.has('submit') && (
          <Button size="small" type="primary" onClick={() => void act(v, 'submit')}>
            {t('versions.submit')}
          </Button>
        )}
        {allowed.has('withdraw') && (
          <Button size="small" onClick={() => void act(v, 'withdraw')}>
            {t('versions.withdraw')}
          </Button>
        )}
        {allowed.has('stop') && (
          <Popconfirm title={t('versions.stopConfirm')} onConfirm={() => act(v, 'stop')}>
            <Button size="small" danger>
              {t('versions.stop')}
            </Button>
          </Popconfirm>
        )}
      </Space>
    );
  };
  const columns = [
    { key: 'name', title: t('versions.name'), render: (_: unknown, v: TestVersion) => <Typography.Text strong>{v.name}</Typography.Text> },
    { key: 'version', title: t('versions.version'), render: (_: unknown, v: TestVersion) => `${v.versionName ?? '—'} (${display.number(v.versionCode)})` },
    { key: 'state', title: t('versions.state'), render: (_: unknown, v: TestVersion) => <Tag color={STATE_COLORS[v.state]}>{t(`states.${v.state}`)}</Tag> },
    { key: 'window', title: t('versions.window'), render: (_: unknown, v: TestVersion) => `${display.dateTime(v.startAt)} – ${display.dateTime(v.endAt)}` },
    { key: 'groups', title: t('versions.groups'), render: (_: unknown, v: TestVersion) => v.groupIds.map((id) => groupName.get(id) ?? '—').join(', ') },
    { key: 'installs', title: t('versions.installs'), render: (_: unknown, v: TestVersion) => t('versions.installsOf', { installs: display.number(v.installs), cap: display.number(v.installCap), downloads: display.number(v.downloads) }) },
    { key: 'actions', title: t('versions.actions'), render: (_: unknown, v: TestVersion) => buttons(v) },
  ];
  return (
    <Flex vertical gap="middle">
      <Flex justify="end">
        <Button type="primary" onClick={() => setEditing('new')}>
          {t('versions.create')}
        </Button>
      </Flex>
      <Table<TestVersion>
        rowKey="testVersionId"
        columns={columns}
        dataSource={versions.data ?? []}
        loading={versions.isPending}
        pagination={false}
        expandable={{
          rowExpandable: (v) => v.rejection !== null,
          expandedRowRender: (v) => <Typography.Text type="danger">{t('versions.rejected', { comment: [v.rejection?.comment, ...(v.rejection?.reasons ?? [])].filter(Boolean).join(' · ') })}</Typography.Text>,
        }}
        locale={{ emptyText: <Empty description={t('versions.empty')} /> }}
      />
      {editing && <TestVersionDialog appId={appId} editing={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Flex>
  );
}

interface Values {
  name: string;
  kind: 'open' | 'invited';
  pkgId: string;
  groupIds: string[];
  window: [Dayjs, Dayjs];
  installCap: number;
}

/** Create a test version, or change one (its window and cap only, once reviewed). */
function TestVersionDialog({ appId, editing, onClose }: { appId: string; editing: TestVersion | null; onClose: () => void }) {
  const { t } = useTranslation('testing');
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<Values>();
  const packages = usePackages(appId);
  const groups = useGroups();
  const save = useSaveTestVersion();
  const reviewed = editing !== null && !editing.allowedActions.includes('edit');
  const parsed = (packages.data?.pages.flatMap((p) => p.items) ?? []).filter((p) => p.parseState === PARSE_STATE.parsed);
  const initial: Partial<Values> = editing
    ? { name: editing.name, kind: editing.kind, pkgId: editing.pkgId ?? undefined, groupIds: editing.groupIds, window: [dayjs(editing.startAt), dayjs(editing.endAt)], installCap: editing.installCap }
    : { kind: 'invited', installCap: TESTING_LIMITS.installCap, window: [dayjs(), dayjs().add(14, 'day')] };
  const submit = async (v: Values) => {
    const window = { startAt: v.window[0].toISOString(), endAt: v.window[1].toISOString(), installCap: v.installCap };
    try {
      await save.mutateAsync(
        reviewed ? { appId, testVersionId: editing.testVersionId, ...window } : { appId, ...(editing ? { testVersionId: editing.testVersionId } : {}), name: v.name, kind: v.kind, pkgId: v.pkgId, groupIds: v.groupIds, ...window },
      );
      void message.success(t('dialog.saved'));
      onClose();
    } catch {
      // Shown by the request layer.
    }
  };
  return (
    <Modal open title={editing ? t('dialog.editTitle') : t('dialog.createTitle')} okText={t('dialog.save')} cancelText={t('dialog.cancel')} onOk={() => form.submit()} confirmLoading={save.isPending} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={initial} onFinish={(v) => void submit(v)}>
        <Form.Item name="name" label={t('dialog.name')} rules={[{ required: true, message: t('dialog.required') }]}>
          <Input maxLength={64} disabled={reviewed} />
        </Form.Item>
        <Form.Item name="kind" label={t('dialog.kind')}>
          <Radio.Group disabled={reviewed} options={[{ value: 'invited', label: t('kinds.invited') }, { value: 'open', label: t('kinds.open') }]} />
        </Form.Item>
        <Form.Item name="pkgId" label={t('dialog.package')} rules={[{ required: true, message: t('dialog.required') }]}>
          <Select
            disabled={reviewed}
            loading={packages.isPending}
            placeholder={t('dialog.packagePlaceholder')}
            options={parsed.map((p) => ({ value: p.pkgId, label: `${p.fileName} — ${p.versionName ?? ''} (${p.versionCode ?? ''})` }))}
            notFoundContent={t('dialog.noPackages')}
          />
        </Form.Item>
        <Form.Item name="groupIds" label={t('dialog.groups')} rules={[{ required: true, message: t('dialog.required') }]}>
          <Select mode="multiple" disabled={reviewed} maxCount={TESTING_LIMITS.groupsPerTestVersion} options={(groups.data?.pages.flatMap((p) => p.items) ?? []).map((g) => ({ value: g.groupId, label: t('dialog.groupOption', { name: g.name, n: g.memberCount }) }))} notFoundContent={t('dialog.noGroups')} />
        </Form.Item>
        <Form.Item name="window" label={t('dialog.window')} extra={t('dialog.windowHint', { days: TESTING_LIMITS.windowDays })} rules={[{ required: true, message: t('dialog.required') }]}>
          <DatePicker.RangePicker showTime disabled={[editing?.state === 'testing', false]} />
        </Form.Item>
        <Form.Item name="installCap" label={t('dialog.installCap')} rules={[{ required: true, message: t('dialog.required') }]}>
          <InputNumber min={1} max={TESTING_LIMITS.installCap} precision={0} style={{ width: 200 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
