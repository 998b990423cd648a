import { useState } from 'react';
import { Button, Drawer, Empty, Popconfirm, Skeleton, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RemoteVersionSummary } from '@wharf/contract';
import { templateDiff } from '@wharf/rules';
import { ShowMore } from '../../../ui/ShowMore';
import { useAct } from '../../../ui/use-act';
import { useRollBack } from '../api/mutations';
import { useRemoteVersion, useRemoteVersions } from '../api/queries';
import { DiffList } from './DiffList';
import { TemplateView } from './TemplateView';
import { useDisplay } from '../../../session/display';

/** Published versions, newest first: who published what, what changed, and a rollback to any of them. */
export function VersionsTab({ appId, published, canManage }: { appId: string; published: number; canManage: boolean }) {
  const { t } = useTranslation('remote-config');
  const display = useDisplay();
  const list = useRemoteVersions(appId);
  const [open, setOpen] = useState<number | null>(null);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  if (list.isPending) return <Skeleton active />;
  if (items.length === 0) return <Empty description={t('version.empty')} />;
  return (
    <>
      <Typography.Paragraph type="secondary">{t('version.lead', { count: list.data?.pages[0]?.total ?? items.length })}</Typography.Paragraph>
      <Table<RemoteVersionSummary>
        rowKey="number"
        dataSource={items}
        pagination={false}
        scroll={{ x: true }}
        columns={[
          {
            title: t('version.number'),
            dataIndex: 'number',
            render: (n: number) => (
              <>
                {n} {n === published && <Tag color="green">{t('version.live')}</Tag>}
              </>
            ),
          },
          { title: t('version.publishedAt'), dataIndex: 'publishedAt', render: (at: string) => display.dateTime(at) },
          {
            title: t('version.publishedBy'),
            dataIndex: 'publishedBy',
            render: (by: string | null, v) => (v.requestedBy ? t('version.approvedBy', { requester: v.requestedBy, publisher: by ?? '—' }) : (by ?? '—')),
          },
          {
            title: t('version.what'),
            key: 'what',
            render: (_, v) => (
              <>
                <div>{v.origin === 'rollback' ? t('version.rollbackOf', { number: v.rollbackOf }) : v.description}</div>
                <Typography.Text type="secondary">{t('version.counts', { parameters: v.parameters, conditions: v.conditions })}</Typography.Text>
              </>
            ),
          },
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_, v) => (
              <Button type="link" onClick={() => setOpen(v.number)} aria-label={t('version.viewNamed', { number: v.number })}>
                {t('version.view')}
              </Button>
            ),
          },
        ]}
      />
      <ShowMore list={list}>{t('version.more')}</ShowMore>
      {open !== null && <VersionDrawer appId={appId} number={open} live={open === published} canManage={canManage} onClose={() => setOpen(null)} />}
    </>
  );
}

function VersionDrawer({ appId, number, live, canManage, onClose }: { appId: string; number: number; live: boolean; canManage: boolean; onClose: () => void }) {
  const { t } = useTranslation('remote-config');
  const version = useRemoteVersion(appId, number);
  const rollBack = useRollBack(appId);
  const act = useAct();
  const data = version.data;
  return (
    <Drawer open size={560} title={t('version.title', { number })} onClose={onClose}>
      {!data ? (
        <Skeleton active />
      ) : (
        <>
          <Typography.Title level={5}>{data.previous ? t('version.changesSince') : t('version.firstKept')}</Typography.Title>
          <DiffList diff={templateDiff(data.previous, data.template)} />
          <Typography.Title level={5}>{t('version.holds', { parameters: data.template.parameters.length, conditions: data.template.conditions.length })}</Typography.Title>
          <TemplateView template={data.template} />
          {canManage && !live && (
            <Popconfirm placement="topLeft" title={t('version.rollbackConfirm', { number })} onConfirm={() => void act(rollBack.mutateAsync(number), t('version.rolledBack', { number })).then((done) => done && onClose())}>
              <Button danger loading={rollBack.isPending} style={{ marginTop: 16 }}>
                {t('version.rollback')}
              </Button>
            </Popconfirm>
          )}
        </>
      )}
    </Drawer>
  );
}
