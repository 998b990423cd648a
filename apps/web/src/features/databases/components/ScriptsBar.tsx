import { useState } from 'react';
import { App as AntApp, Button, Input, Modal, Popconfirm, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDeleteScript, useRunScript, useSaveScript, useScripts } from '../hooks';

/**
 * Saved scripts of the database beside the editor: open one into it, save what is written
 * (as a new script or over the open one), and run the open one as a background task
 * (saved first, so the run is exactly what the editor shows).
 */
export function ScriptsBar({ projectId, databaseId, sql, onOpen }: { projectId: string; databaseId: string; sql: string; onOpen: (sql: string) => void }) {
  const { t } = useTranslation('databases');
  const { message } = AntApp.useApp();
  const scripts = useScripts(projectId, databaseId);
  const save = useSaveScript(projectId, databaseId);
  const remove = useDeleteScript(projectId, databaseId);
  const run = useRunScript(projectId, databaseId);
  const [openId, setOpenId] = useState<string | null>(null);
  const [naming, setNaming] = useState<string | null>(null);
  const open = scripts.data?.scripts.find((s) => s.scriptId === openId) ?? null;
  const saveAs = (name: string) =>
    save.mutate({ name: name.trim(), sql }, { onSuccess: ({ script }) => (setOpenId(script.scriptId), setNaming(null), void message.success(t('scripts.saved', { name: script.name }))) });
  const runOpen = async () => {
    if (!open) return;
    if (open.sql !== sql) await save.mutateAsync({ scriptId: open.scriptId, name: open.name, sql });
    await run.mutateAsync(open.scriptId);
    void message.success(t('scripts.started', { name: open.name }));
  };
  return (
    <Space wrap>
      <Select
        aria-label={t('scripts.open')}
        placeholder={t('scripts.open')}
        style={{ width: 220 }}
        value={openId ?? undefined}
        loading={scripts.isPending}
        options={(scripts.data?.scripts ?? []).map((s) => ({ value: s.scriptId, label: s.name }))}
        onChange={(id: string) => {
          setOpenId(id);
          const script = scripts.data?.scripts.find((s) => s.scriptId === id);
          if (script) onOpen(script.sql);
        }}
      />
      {open ? (
        <Button disabled={!sql.trim() || open.sql === sql} loading={save.isPending} onClick={() => save.mutate({ scriptId: open.scriptId, name: open.name, sql }, { onSuccess: () => void message.success(t('scripts.saved', { name: open.name })) })}>
          {t('scripts.save')}
        </Button>
      ) : null}
      <Button disabled={!sql.trim()} onClick={() => setNaming('')}>
        {t('scripts.saveAs')}
      </Button>
      <Button type="primary" ghost disabled={!open || !sql.trim()} loading={run.isPending} onClick={() => void runOpen()}>
        {t('scripts.run')}
      </Button>
      {open && (
        <Popconfirm title={t('scripts.deleteConfirm', { name: open.name })} onConfirm={() => remove.mutateAsync(open.scriptId).then(() => setOpenId(null))}>
          <Button danger>{t('scripts.delete')}</Button>
        </Popconfirm>
      )}
      <Modal open={naming !== null} title={t('scripts.saveAs')} okText={t('scripts.save')} okButtonProps={{ disabled: !naming?.trim() }} confirmLoading={save.isPending} onOk={() => naming && saveAs(naming)} onCancel={() => setNaming(null)} destroyOnHidden>
        <Input aria-label={t('scripts.name')} placeholder={t('scripts.name')} maxLength={100} value={naming ?? ''} onChange={(e) => setNaming(e.target.value)} onPressEnter={() => naming?.trim() && saveAs(naming)} autoFocus />
      </Modal>
    </Space>
  );
}
