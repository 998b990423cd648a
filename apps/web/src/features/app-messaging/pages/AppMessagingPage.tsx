import { Button, Empty, Flex, Popconfirm, Skeleton, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { Message } from '@wharf/contract';
import { useDisplay } from '../../../session/display';
import { useSearchState } from '../../../ui/search-state';
import { useApp } from '../../apps/public';
import { usePermissions } from '../../team/public';
import { useMessageChanges } from '../api/mutations';
import { useMessages } from '../api/queries';
import { MessageDetail } from '../components/MessageDetail';
import { MessageEditor } from '../components/MessageEditor';

const STATE_COLOR = { draft: 'default', scheduled: 'blue', running: 'green', paused: 'orange', ended: 'default' } as const;
const ACTIONS = { draft: ['publish'], scheduled: ['pause', 'end'], running: ['pause', 'end'], paused: ['resume', 'end'], ended: [] } as const;

/** An app's in-app messages: made and edited with a phone preview, published, paused, ended; each with its timeline and charts. */
export function AppMessagingPage() {
  const { t } = useTranslation('app-messaging');
  const { appId = '' } = useParams();
  const app = useApp(appId);
  const display = useDisplay();
  const [params, go] = useSearchState();
  const messages = useMessages(appId);
  const changes = useMessageChanges(appId);
  const canManage = usePermissions().can('growth.manage');
  const [editing, setEditing] = useState<Message | 'new' | null>(null);
  if (messages.isPending) return <Skeleton active />;
  const list = messages.data?.messages ?? [];
  const open = list.find((m) => m.messageId === params.get('message')) ?? null;
  return (
    <Flex vertical gap="middle">
      <Typography.Title level={2} style={{ margin: 0 }}>
        {t('page.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('page.intro')}
      </Typography.Paragraph>
      {canManage && (
        <Button type="primary" onClick={() => setEditing('new')} style={{ alignSelf: 'start' }}>
          {t('page.create')}
        </Button>
      )}
      <Table<Message>
        rowKey="messageId"
        pagination={false}
        dataSource={list}
        locale={{ emptyText: <Empty description={t(canManage ? 'page.empty' : 'page.emptyReadOnly')} /> }}
        columns={[
          { title: t('fields.name'), render: (_: unknown, m) => <Typography.Link onClick={() => go({ message: m.messageId })}>{m.name}</Typography.Link> },
          { title: t('fields.kind'), dataIndex: 'kind', render: (k: Message['kind']) => t(`kind.${k}`) },
          { title: t('list.state'), dataIndex: 'state', render: (s: Message['state']) => <Tag color={STATE_COLOR[s]}>{t(`state.${s}`)}</Tag> },
          { title: t('fields.priority'), dataIndex: 'priority', align: 'right' },
          { title: t('list.trigger'), render: (_: unknown, m) => (m.trigger.kind === 'launch' ? t('trigger.launch') : t('list.onEvent', { event: m.trigger.event })) },
          { title: t('list.runs'), render: (_: unknown, m) => (m.schedule.endAt ? `${display.dateTime(m.schedule.startAt)} – ${display.dateTime(m.schedule.endAt)}` : t('list.from', { start: display.dateTime(m.schedule.startAt) })) },
          ...(canManage
            ? [
                {
                  title: t('list.actions'),
                  render: (_: unknown, m: Message) => (
                    <Flex gap="small" wrap>
                      {m.state !== 'ended' && <Button size="small" onClick={() => setEditing(m)}>{t('list.edit')}</Button>}
                      {ACTIONS[m.state].map((action) =>
                        action === 'end' ? (
                          <Popconfirm key={action} title={t('list.endConfirm', { name: m.name })} onConfirm={() => changes.setState.mutateAsync({ messageId: m.messageId, action })}>
                            <Button size="small" danger>{t(`action.${action}`)}</Button>
                          </Popconfirm>
                        ) : (
                          <Button key={action} size="small" type={action === 'publish' ? 'primary' : 'default'} onClick={() => changes.setState.mutate({ messageId: m.messageId, action })}>
                            {t(`action.${action}`)}
                          </Button>
                        ),
                      )}
                      {(m.state === 'draft' || m.state === 'ended') && (
                        <Popconfirm title={t('list.deleteConfirm', { name: m.name })} onConfirm={() => changes.remove.mutateAsync(m.messageId)}>
                          <Button size="small" danger type="text">{t('list.delete')}</Button>
                        </Popconfirm>
                      )}
                    </Flex>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing && <MessageEditor appId={appId} defaultLanguage={app.data?.defaultLanguage ?? 'enUS'} message={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {open && <MessageDetail appId={appId} message={open} onClose={() => go({ message: null })} />}
    </Flex>
  );
}
