import { useState } from 'react';
import { Alert, App as AntApp, Button, Flex, Input, Space, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CloudFunction } from '@wharf/contract';
import { FUNCTION_LIMITS } from '@wharf/rules';
import { useAct } from '../../../ui/use-act';
import { useFunctionChanges } from '../api/mutations';
import { useDisplay } from '../../../session/display';

/** Code as a zip: what the current one holds, and a new one uploaded with its entry file. */
export function ZipCode({ projectId, fn, files, canManage }: { projectId: string; fn: CloudFunction; files: { path: string; size: number }[]; canManage: boolean }) {
  const { t } = useTranslation('cloud-functions');
  const display = useDisplay();
  const act = useAct();
  const { message } = AntApp.useApp();
  const { uploadZip } = useFunctionChanges(projectId, fn.functionId);
  const [entry, setEntry] = useState(fn.codeSource === 'zip' ? fn.entry : 'index.js');
  const take = (file: File) => {
    if (file.size > FUNCTION_LIMITS.zipBytes) void message.error(t('zip.tooLarge', { size: display.size(FUNCTION_LIMITS.zipBytes) }));
    else void act(uploadZip.mutateAsync({ file, entry }), t('zip.uploaded', { name: file.name }));
    return false;
  };
  return (
    <Flex vertical gap="small" style={{ marginBottom: 16 }}>
      {fn.codeSource === 'zip' && (
        <Alert
          type="info"
          showIcon
          message={t('zip.current', { count: files.length, size: display.size(fn.codeSize), entry: fn.entry })}
          description={
            <Typography.Text type="secondary" style={{ fontFamily: 'monospace', fontSize: 12 }}>
              {files.slice(0, 20).map((f) => f.path).join(' · ')}
              {files.length > 20 ? ' …' : ''}
            </Typography.Text>
          }
        />
      )}
      {canManage && (
        <Space wrap>
          <Input aria-label={t('zip.entry')} addonBefore={t('zip.entry')} value={entry} onChange={(e) => setEntry(e.target.value)} style={{ width: 260 }} />
          <Upload accept=".zip,application/zip" showUploadList={false} beforeUpload={take} disabled={uploadZip.isPending}>
            <Button loading={uploadZip.isPending}>{t('zip.upload')}</Button>
          </Upload>
          <Typography.Text type="secondary">{t('zip.help', { size: display.size(FUNCTION_LIMITS.zipBytes) })}</Typography.Text>
        </Space>
      )}
    </Flex>
  );
}
