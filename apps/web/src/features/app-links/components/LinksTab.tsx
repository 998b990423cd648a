import { Button, Empty, Flex, Input, Popconfirm, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Link, LinkPrefix } from '@wharf/contract';
import { formatDate, formatNumber } from '@wharf/rules';
import { useSearchState } from '../../../ui/search-state';
import { useLinkChanges } from '../api/mutations';
import { useLinks } from '../api/queries';
import { LinkDetail } from './LinkDetail';
import { LinkEditor } from './LinkEditor';

const STATE_COLOR = { active: 'green', disabled: 'default', takenDown: 'red' } as const;

/** The project's short links: searched, made, changed, turned off, deleted; each opens with its QR code and charts. */
export function LinksTab({ projectId, prefixes, canManage, onAddPrefix }: { projectId: string; prefixes: LinkPrefix[]; canManage: boolean; onAddPrefix: () => void }) {
  const { t, i18n } = useTranslation('app-links');
  const [params, go] = useSearchState();
  const search = params.get('q') ?? '';
  const [typed, setTyped] = useState(search);
  const links = useLinks(projectId, search);
  const changes = useLinkChanges(projectId);
  const [editing, setEditing] = useState<Link | 'new' | null>(null);
  const items = links.data?.pages.flatMap((p) => p.items) ?? [];
  const total = links.data?.pages[0]?.total ?? 0;
  const open = items.find((l) => l.linkId === params.get('link')) ?? null;
  const usable = prefixes.filter((p) => p.state === 'verified');
  if (!usable.length)
    return (
      <Empty description={t(canManage ? 'links.noPrefix' : 'links.noPrefixReadOnly')}>
        {canManage && (
          <Button type="primary" onClick={onAddPrefix}>
            {t('prefix.add')}
          </Button>
        )}
      </Empty>
    );
  return (
    <Flex vertical gap="middle">
      <Flex gap="middle" wrap>
        <Input.Search aria-label={t('links.search')} placeholder={t('links.search')} allowClear value={typed} onChange={(e) => setTyped(e.target.value)} onSearch={(v) => go({ q: v.trim() || null })} style={{ maxWidth: 360 }} />
        {canManage && (
          <Button type="primary" onClick={() => setEditing('new')}>
            {t('links.create')}
          </Button>
        )}
      </Flex>
      <Table<Link>
        rowKey="linkId"
        loading={links.isPending}
        dataSource={items}
        pagination={false}
        locale={{ emptyText: <Empty description={t(search ? 'links.noMatch' : canManage ? 'links.empty' : 'links.emptyReadOnly')} /> }}
        columns={[
          {
            title: t('links.link'),
            render: (_: unknown, l) => (
              <Flex vertical>
                <Typography.Link onClick={() => go({ link: l.linkId })}>{l.name || l.suffix}</Typography.Link>
                <Typography.Text type="secondary" copyable={{ text: l.shortLink }}>
                  {l.shortLink}
                </Typography.Text>
              </Flex>
            ),
          },
          { title: t('fields.deepLink'), dataIndex: 'deepLink', ellipsis: true },
          { title: t('links.state'), dataIndex: 'state', render: (s: Link['state']) => <Tag color={STATE_COLOR[s]}>{t(`state.${s}`)}</Tag> },
          { title: t('links.clicks'), dataIndex: 'clicks', align: 'right', render: (n: number) => formatNumber(n, i18n.language) },
          { title: t('links.created'), dataIndex: 'createdAt', render: (at: string) => formatDate(at, i18n.language) },
          ...(canManage
            ? [
                {
                  title: t('actions.title'),
                  render: (_: unknown, l: Link) => (
                    <Flex gap="small">
                      <Button size="small" onClick={() => setEditing(l)}>
                        {t('actions.edit')}
                      </Button>
                      <Popconfirm title={t('links.deleteConfirm', { link: l.shortLink })} description={t('links.deleteHelp')} onConfirm={() => changes.remove.mutateAsync(l.linkId)}>
                        <Button size="small" danger>
                          {t('actions.delete')}
                        </Button>
                      </Popconfirm>
                    </Flex>
                  ),
                },
              ]
            : []),
        ]}
      />
      <Flex gap="middle" align="center">
        <Typography.Text type="secondary">{t('links.total', { n: formatNumber(total, i18n.language) })}</Typography.Text>
        {links.hasNextPage && <Button onClick={() => links.fetchNextPage()} loading={links.isFetchingNextPage}>{t('links.more')}</Button>}
      </Flex>
      {editing && <LinkEditor projectId={projectId} prefixes={usable} link={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onMade={(l) => go({ link: l.linkId })} />}
      {open && <LinkDetail projectId={projectId} link={open} onClose={() => go({ link: null })} />}
    </Flex>
  );
}
