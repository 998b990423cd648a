import { Button, Empty, Flex, Input, Select, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LOG_LEVELS } from '@wharf/rules';
import type { FunctionLogLine } from '@wharf/contract';
import { useDisplay } from '../../../session/display';
import { useLogs } from '../api/queries';

const LEVEL_COLORS: Record<FunctionLogLine['level'], string> = { debug: 'default', info: 'blue', warn: 'orange', error: 'red' };

/**
 * What the function's calls printed, newest first: searched by words, levels and a request
 * id. The search lives in the page's address, so a reload or the way back keeps it.
 */
export function LogsTab({ projectId, functionId }: { projectId: string; functionId: string }) {
  const { t } = useTranslation('cloud-functions');
  const display = useDisplay();
  const [params, setParams] = useSearchParams();
  const text = params.get('q') ?? '';
  const levels = params.get('levels') ?? '';
  const requestId = params.get('request') ?? '';
  const set = (name: string, value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  // What is typed follows the address (a click on a request id, the way back) until searched.
  const [draft, setDraft] = useState(text);
  const [requestDraft, setRequestDraft] = useState(requestId);
  useEffect(() => setDraft(text), [text]);
  useEffect(() => setRequestDraft(requestId), [requestId]);
  const logs = useLogs(projectId, functionId, { text, levels, requestId });
  const lines = logs.data?.pages.flatMap((p) => p.items) ?? [];
  const searching = Boolean(text || levels || requestId);
  return (
    <Flex vertical gap="middle">
      <Flex gap="small" wrap>
        <Input.Search allowClear value={draft} onChange={(e) => setDraft(e.target.value)} placeholder={t('logs.searchPlaceholder')} aria-label={t('logs.search')} onSearch={(v) => set('q', v.trim())} style={{ maxWidth: 360 }} />
        <Select
          mode="multiple"
          allowClear
          aria-label={t('logs.levels')}
          placeholder={t('logs.levels')}
          value={levels ? levels.split(',') : []}
          onChange={(v: string[]) => set('levels', v.join(','))}
          options={LOG_LEVELS.map((l) => ({ value: l, label: t(`logs.level.${l}`) }))}
          style={{ minWidth: 200 }}
        />
        <Input allowClear value={requestDraft} onChange={(e) => setRequestDraft(e.target.value)} placeholder={t('logs.requestId')} aria-label={t('logs.requestId')} onPressEnter={() => set('request', requestDraft.trim())} onClear={() => set('request', '')} style={{ maxWidth: 280 }} />
        <Button onClick={() => void logs.refetch()} loading={logs.isFetching && !logs.isFetchingNextPage}>
          {t('logs.refresh')}
        </Button>
      </Flex>
      <Table<FunctionLogLine>
        rowKey="id"
        size="small"
        loading={logs.isPending}
        dataSource={lines}
        pagination={false}
        locale={{ emptyText: <Empty description={searching ? t('logs.noMatch') : t('logs.empty')} /> }}
        columns={[
          { key: 'at', title: t('logs.time'), width: 170, render: (_, l) => display.dateTime(l.at) },
          { key: 'level', title: t('logs.levelColumn'), width: 90, render: (_, l) => <Tag color={LEVEL_COLORS[l.level]}>{t(`logs.level.${l.level}`)}</Tag> },
          {
            key: 'request',
            title: t('logs.requestId'),
            width: 200,
            render: (_, l) => (
              <Typography.Link onClick={() => set('request', l.requestId)} title={t('logs.onlyRequest')}>
                {l.requestId.length > 20 ? `${l.requestId.slice(0, 20)}…` : l.requestId}
              </Typography.Link>
            ),
          },
          { key: 'version', title: t('logs.version'), width: 90, render: (_, l) => l.version },
          { key: 'message', title: t('logs.message'), render: (_, l) => <pre style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontSize: 12 }}>{l.message}</pre> },
        ]}
      />
      {logs.hasNextPage && (
        <Button onClick={() => void logs.fetchNextPage()} loading={logs.isFetchingNextPage} style={{ alignSelf: 'center' }}>
          {t('logs.more')}
        </Button>
      )}
    </Flex>
  );
}
