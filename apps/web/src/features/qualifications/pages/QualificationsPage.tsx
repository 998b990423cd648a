import { useMemo, useState } from 'react';
import { App as AntApp, Button, Card, Empty, Flex, Form, Input, Popconfirm, Select, Skeleton, Space, Table, Tag, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { QUALIFICATION_KINDS, type App, type QualificationTask } from '@wharf/contract';
import { PageLayout } from '../../../app/pages/PageLayout';
import { useRouteAppId } from '../../console/public';
import { useApp } from '../../apps/public';
import { usePermissions } from '../../team/public';
import { ShowMore } from '../../../ui/ShowMore';
import { useCancelQualification, useDeleteQualification, useQualifications, useSubmitQualification, useUploadDocument } from '../hooks';
import { StatusResult } from '../../../ui/StatusResult';
import { useDisplay } from '../../../session/display';

type Kind = (typeof QUALIFICATION_KINDS)[number];

export const stateColor = (state: string) => (state === 'approved' ? 'green' : state === 'rejected' ? 'red' : state === 'pending' ? 'blue' : 'default');

/** An app's qualification documents (licences, filings, certificates) and their review. */
export function QualificationsPage() {
  const appId = useRouteAppId();
  const { t } = useTranslation('qualifications');
  const app = useApp(appId);
  if (app.isPending) return <Skeleton active />;
  if (!app.data) return <StatusResult status="404" title={t('page.notFound')} />;
  return <Qualifications app={app.data} />;
}

function SubmitForm({ app }: { app: App }) {
  const appId = app.appId;
  const { t } = useTranslation('qualifications');
  const { message } = AntApp.useApp();
  // A game needs its publishing licence first; any other app most often its copyright certificate.
  const [kind, setKind] = useState<Kind>(app.category === 'game' ? 'gameLicence' : 'copyrightCertificate');
  const [remarks, setRemarks] = useState('');
  const [files, setFiles] = useState<Array<{ objectId: string; name: string }>>([]);
  const upload = useUploadDocument();
  const submit = useSubmitQualification();
  return (
    <Card title={t('form.title')} style={{ marginBottom: 16 }}>
      <Form layout="vertical">
        <Form.Item label={t('form.kind')} htmlFor="qualification-kind">
          <Select<Kind> id="qualification-kind" value={kind} onChange={setKind} options={QUALIFICATION_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))} style={{ maxWidth: 320 }} />
        </Form.Item>
        <Form.Item label={t('form.files')}>
          <Space orientation="vertical">
            <Upload
              showUploadList={false}
              multiple
              customRequest={({ file }) => {
                upload.mutate(file as File, {
                  onSuccess: (objectId) => setFiles((f) => [...f, { objectId, name: (file as File).name }]),
                  onError: () => void message.error(t('form.uploadFailed')),
                });
              }}
            >
              <Button data-testid="qualification-upload" loading={upload.isPending}>
                {t('form.upload')}
              </Button>
            </Upload>
            {files.map((f) => (
              <Tag key={f.objectId} closable onClose={() => setFiles((all) => all.filter((x) => x.objectId !== f.objectId))}>
                {f.name}
              </Tag>
            ))}
          </Space>
        </Form.Item>
        <Form.Item label={t('form.remarks')} htmlFor="qualification-remarks">
          <Input.TextArea id="qualification-remarks" value={remarks} maxLength={1000} showCount onChange={(e) => setRemarks(e.target.value)} />
        </Form.Item>
        <Button
          type="primary"
          disabled={files.length === 0}
          loading={submit.isPending}
          onClick={() =>
            submit.mutate(
              { appId, kind, objectIds: files.map((f) => f.objectId), remarks },
              {
                onSuccess: () => {
                  setFiles([]);
                  setRemarks('');
                  void message.success(t('form.submitted'));
                },
              },
            )
          }
        >
          {t('form.submit')}
        </Button>
      </Form>
    </Card>
  );
}

function Qualifications({ app }: { app: App }) {
  const { t } = useTranslation('qualifications');
  const display = useDisplay();
  const permissions = usePermissions();
  const canManage = permissions.can('app.manage') && permissions.can('file.upload');
  const list = useQualifications(app.appId);
  const cancel = useCancelQualification();
  const remove = useDeleteQualification();
  const rows = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data]);
  const columns = [
    { key: 'kind', title: t('list.kind'), render: (_: unknown, q: QualificationTask) => t(`kind.${q.kind}`) },
    { key: 'files', title: t('list.files'), render: (_: unknown, q: QualificationTask) => q.files.map((f) => f.fileName).join(', ') },
    { key: 'remarks', title: t('list.remarks'), render: (_: unknown, q: QualificationTask) => q.remarks || '—' },
    { key: 'state', title: t('list.state'), render: (_: unknown, q: QualificationTask) => <Tag color={stateColor(q.state)}>{t(`state.${q.state}`)}</Tag> },
    { key: 'reason', title: t('list.reason'), render: (_: unknown, q: QualificationTask) => q.reason ?? '—' },
    { key: 'submittedAt', title: t('list.submittedAt'), render: (_: unknown, q: QualificationTask) => display.dateTime(q.submittedAt) },
    {
      key: 'actions',
      title: '',
      render: (_: unknown, q: QualificationTask) =>
        canManage && (
          <Space>
            {q.allowedActions.includes('cancel') && (
              <Button size="small" onClick={() => cancel.mutate({ appId: app.appId, taskId: q.taskId })}>
                {t('list.cancel')}
              </Button>
            )}
            {q.allowedActions.includes('delete') && (
              <Popconfirm title={t('list.deleteConfirm')} onConfirm={() => remove.mutate({ appId: app.appId, taskId: q.taskId })}>
                <Button size="small" danger>
                  {t('list.delete')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        ),
    },
  ];
  return (
    <PageLayout>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        {t('page.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('page.subtitle')}</Typography.Paragraph>
      {canManage && <SubmitForm app={app} />}
      <Flex vertical gap="small">
        <Table<QualificationTask> rowKey="taskId" columns={columns} dataSource={rows} loading={list.isPending} pagination={false} locale={{ emptyText: <Empty description={t('list.empty')} /> }} />
        <ShowMore list={list}>{t('list.more')}</ShowMore>
      </Flex>
    </PageLayout>
  );
}
