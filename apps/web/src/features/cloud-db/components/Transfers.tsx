import { App as AntApp, Button, Flex, List, Progress, Space, Typography, Upload } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { cloudDbApi, fileApi, type CloudDbTransfer } from '@wharf/contract';
import { callEndpoint } from '../../../request/call';
import { useAct } from '../../../ui/use-act';
import { cloudDbKeys } from '../api/keys';
import { useDisplay } from '../../../session/display';

interface Props {
  projectId: string;
  zoneName: string;
  objectTypeName: string;
  canManage: boolean;
}

const working = (t: CloudDbTransfer) => t.state === 'queued' || t.state === 'running';

/** Imports from a JSON or CSV file and exports to one, made by the server in the background; their progress while they run. */
export function Transfers({ projectId, zoneName, objectTypeName, canManage }: Props) {
  const { t, i18n } = useTranslation('cloud-db');
  const display = useDisplay();
  // The server words a failure in its three languages: cn reads the Chinese.
  const lang = i18n.language === 'cn' ? 'zh' : i18n.language === 'ru' ? 'ru' : 'en';
  const act = useAct();
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const at = { zoneName, objectTypeName };
  const list = useQuery({
    queryKey: [...cloudDbKeys.all, 'transfers', projectId],
    queryFn: async ({ signal }) => (await callEndpoint(cloudDbApi.listTransfers, { query: { projectId }, signal })).transfers,
    refetchInterval: (q) => (q.state.data?.some(working) ? 1000 : false),
  });
  const started = () => queryClient.invalidateQueries({ queryKey: cloudDbKeys.all });

  const importFile = async (file: File) => {
    const format = file.name.toLowerCase().endsWith('.csv') ? 'csv' : 'json';
    const work = (async () => {
      const { object } = await callEndpoint(fileApi.uploadObject, { query: { fileName: file.name, contentType: format === 'csv' ? 'text/csv' : 'application/json', bizTag: 'file' }, body: file as never });
      await callEndpoint(cloudDbApi.startImport, { params: at, query: { projectId }, body: { objectId: object.objectId, format } });
      await started();
    })();
    await act(work, t('transfer.importStarted', { name: file.name }));
  };
  const exportAs = (format: 'json' | 'csv') => act(callEndpoint(cloudDbApi.startExport, { params: at, query: { projectId }, body: { format } }).then(started), t('transfer.exportStarted'));
  const download = async (tr: CloudDbTransfer) => {
    const { url } = await callEndpoint(fileApi.downloadUrl, { body: { objectId: tr.objectId! } });
    window.location.assign(url);
  };

  const shown = (list.data ?? []).filter((x) => x.zoneName === zoneName && x.objectTypeName === objectTypeName).slice(0, 5);
  return (
    <Flex vertical gap="small" data-testid="transfers">
      <Space wrap>
        {canManage && (
          <Upload
            accept=".json,.csv,application/json,text/csv"
            showUploadList={false}
            beforeUpload={(file) => {
              void importFile(file).catch(() => message.error(t('transfer.failedToStart')));
              return Upload.LIST_IGNORE;
            }}
          >
            <Button>{t('transfer.import')}</Button>
          </Upload>
        )}
        <Button onClick={() => void exportAs('json')}>{t('transfer.exportJson')}</Button>
        <Button onClick={() => void exportAs('csv')}>{t('transfer.exportCsv')}</Button>
      </Space>
      {shown.length > 0 && (
        <List
          size="small"
          dataSource={shown}
          renderItem={(tr) => (
            <List.Item
              actions={tr.kind === 'export' && tr.state === 'done' && tr.objectId ? [<Button key="get" type="link" onClick={() => void download(tr)}>{t('transfer.download')}</Button>] : []}
            >
              <Flex vertical style={{ width: '100%' }}>
                <Typography.Text>
                  {t(`transfer.${tr.kind}Line`, { format: tr.format.toUpperCase(), time: display.dateTime(tr.createdAt) })} · {t(`transfer.state.${tr.state}`)}
                  {tr.total !== null ? ` · ${t('transfer.count', { done: display.number(tr.done), total: display.number(tr.total) })}` : ''}
                </Typography.Text>
                {working(tr) && <Progress percent={tr.total ? Math.floor((tr.done / tr.total) * 100) : 0} size="small" status="active" />}
                {tr.error && <Typography.Text type="danger">{tr.error[lang]}</Typography.Text>}
              </Flex>
            </List.Item>
          )}
        />
      )}
    </Flex>
  );
}
