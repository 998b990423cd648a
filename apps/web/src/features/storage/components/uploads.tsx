import { Button, Flex, Progress, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorText } from '../../../request/errors';
import { useDisplay } from '../../../session/display';

export interface UploadItem {
  id: number;
  name: string;
  size: number;
  sent: number;
  status: 'active' | 'done' | 'failed';
  error?: unknown;
}

type Send = (input: { file: File; name: string; onProgress: (sent: number) => void }) => Promise<unknown>;

/** Files being uploaded into a folder, one request each, each with its own progress. */
export function useUploads(send: Send, prefix: string) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const next = useRef(0);
  const update = (id: number, change: Partial<UploadItem>) => setItems((all) => all.map((i) => (i.id === id ? { ...i, ...change } : i)));
  const add = (file: File) => {
    const id = (next.current += 1);
    // A folder dropped in keeps its inner paths.
    const relative = (file as File & { webkitRelativePath?: string }).webkitRelativePath || file.name;
    const name = `${prefix}${relative}`;
    setItems((all) => [...all, { id, name, size: file.size, sent: 0, status: 'active' }]);
    send({ file, name, onProgress: (sent) => update(id, { sent }) }).then(
      () => update(id, { sent: file.size, status: 'done' }),
      (error: unknown) => update(id, { status: 'failed', error }),
    );
  };
  const dismiss = () => setItems((all) => all.filter((i) => i.status === 'active'));
  return { items, add, dismiss };
}

/** Each upload's bar: how much is sent, then done or why it failed. */
export function UploadList({ uploads, onDismiss }: { uploads: UploadItem[]; onDismiss: () => void }) {
  const { t } = useTranslation('storage');
  const { t: common } = useTranslation();
  const display = useDisplay();
  if (uploads.length === 0) return null;
  return (
    <Flex vertical gap={4} aria-live="polite">
      {uploads.map((u) => (
        <Flex key={u.id} gap="middle" align="center">
          <Typography.Text style={{ minWidth: 200, maxWidth: 360 }} ellipsis>
            {u.name}
          </Typography.Text>
          <Progress
            style={{ flex: 1, margin: 0 }}
            percent={u.size ? Math.floor((u.sent / u.size) * 100) : 100}
            status={u.status === 'failed' ? 'exception' : u.status === 'done' ? 'success' : 'active'}
            aria-label={t('upload.progress', { name: u.name })}
          />
          <Typography.Text type={u.status === 'failed' ? 'danger' : 'secondary'} style={{ minWidth: 160 }}>
            {u.status === 'failed' ? (u.error instanceof ApiError ? errorText(u.error, common, display.language) : String(u.error)) : t('upload.sent', { sent: display.size(u.sent), total: display.size(u.size) })}
          </Typography.Text>
        </Flex>
      ))}
      {uploads.some((u) => u.status !== 'active') && (
        <Button size="small" type="link" onClick={onDismiss} style={{ alignSelf: 'flex-start' }}>
          {t('upload.clear')}
        </Button>
      )}
    </Flex>
  );
}
