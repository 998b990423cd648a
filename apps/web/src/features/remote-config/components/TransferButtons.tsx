import { App as AntApp, Button, Space, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RemoteTemplate } from '@wharf/contract';
import { saveFile } from '../../../ui/save-file';

interface Props {
  appId: string;
  template: RemoteTemplate;
  canManage: boolean;
  onChange: (template: RemoteTemplate) => Promise<boolean>;
}

/** A template read from an export: the file's own, or the `template` of a version's answer. */
function templateOf(text: string): RemoteTemplate | null {
  try {
    const data = JSON.parse(text) as { template?: unknown; conditions?: unknown; parameters?: unknown };
    const t = (data.template ?? data) as { conditions?: unknown; parameters?: unknown };
    return Array.isArray(t.conditions) && Array.isArray(t.parameters) ? (t as RemoteTemplate) : null;
  } catch {
    return null;
  }
}

/** Export the draft as JSON, or import one into the draft (the server checks it as any save). */
export function TransferButtons({ appId, template, canManage, onChange }: Props) {
  const { t } = useTranslation('remote-config');
  const { message, modal } = AntApp.useApp();

  const importFile = async (file: File) => {
    const imported = templateOf(await file.text());
    if (!imported) {
      void message.error(t('transfer.notAnExport', { name: file.name }));
      return;
    }
    modal.confirm({
      title: t('transfer.importTitle'),
      content: t('transfer.importText', { parameters: imported.parameters.length, conditions: imported.conditions.length }),
      okText: t('transfer.import'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        if (await onChange(imported)) void message.success(t('transfer.imported'));
      },
    });
  };

  return (
    <Space>
      <Button onClick={() => saveFile(`remote-config-${appId}.json`, `${JSON.stringify(template, null, 2)}\n`)}>{t('transfer.export')}</Button>
      {canManage && (
        <Upload
          accept=".json,application/json"
          showUploadList={false}
          beforeUpload={(file) => {
            void importFile(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <Button>{t('transfer.import')}</Button>
        </Upload>
      )}
    </Space>
  );
}
