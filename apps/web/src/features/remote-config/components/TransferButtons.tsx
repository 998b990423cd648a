import { App as AntApp, Button, Space, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RemoteTemplate } from '@wharf/contract';
import { fromFirebaseTemplate, isFirebaseTemplate, toFirebaseTemplate } from '@wharf/rules';
import { saveFile } from '../../../ui/save-file';
import { useAudienceChoices } from '../../analytics/public';

interface Props {
  appId: string;
  template: RemoteTemplate;
  canManage: boolean;
  onChange: (template: RemoteTemplate) => Promise<boolean>;
}

/**
 * A template read from an export: the file's own, the `template` of a version's answer, or
 * Firebase's template (its conditions' expressions read where Wharf's rules can say them;
 * the others are named in `skipped`).
 */
function templateOf(text: string, audienceId: (nameOrId: string) => string | null): { template: RemoteTemplate; skipped: string[] } | null {
  try {
    const data = JSON.parse(text) as { template?: unknown; conditions?: unknown; parameters?: unknown };
    if (isFirebaseTemplate(data)) {
      const { template, skipped } = fromFirebaseTemplate(data, audienceId);
      return { template: template as RemoteTemplate, skipped };
    }
    const t = (data.template ?? data) as { conditions?: unknown; parameters?: unknown };
    return Array.isArray(t.conditions) && Array.isArray(t.parameters) ? { template: t as RemoteTemplate, skipped: [] } : null;
  } catch {
    return null;
  }
}

/** Export the draft as JSON, or import one into the draft (the server checks it as any save). */
export function TransferButtons({ appId, template, canManage, onChange }: Props) {
  const { t } = useTranslation('remote-config');
  const { message, modal } = AntApp.useApp();
  const audiences = useAudienceChoices(appId);
  // Firebase names an audience; Wharf's rules hold its ID.
  const audienceId = (nameOrId: string) => audiences.options.find((o) => o.value === nameOrId || o.label === nameOrId)?.value ?? null;

  const importFile = async (file: File) => {
    const read = templateOf(await file.text(), audienceId);
    if (!read) {
      void message.error(t('transfer.notAnExport', { name: file.name }));
      return;
    }
    const imported = read.template;
    modal.confirm({
      title: t('transfer.importTitle'),
      content: (
        <>
          <p>{t('transfer.importText', { parameters: imported.parameters.length, conditions: imported.conditions.length })}</p>
          {read.skipped.length > 0 && <p>{t('transfer.skipped', { names: read.skipped.join(', ') })}</p>}
        </>
      ),
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
      <Button onClick={() => saveFile(`remote-config-${appId}.firebase.json`, `${JSON.stringify(toFirebaseTemplate(template), null, 2)}\n`)}>{t('transfer.exportFirebase')}</Button>
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
