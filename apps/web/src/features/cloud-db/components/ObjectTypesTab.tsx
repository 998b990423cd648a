import { useState } from 'react';
import { App as AntApp, Button, Empty, Flex, Input, Skeleton, Space, Table, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { ObjectType, SchemaFile } from '@wharf/contract';
import { saveFile } from '../../../ui/save-file';
import { useAct } from '../../../ui/use-act';
import { exportSchema, useDeleteObjectType, useImportSchema } from '../api/mutations';
import { useObjectTypes } from '../api/queries';
import { useDisplay } from '../../../session/display';

interface Props {
  projectId: string;
  canManage: boolean;
}

/** The project's object types with their size; add, import and export them. */
export function ObjectTypesTab({ projectId, canManage }: Props) {
  const { t } = useTranslation('cloud-db');
  const display = useDisplay();
  const navigate = useNavigate();
  const { message, modal } = AntApp.useApp();
  const act = useAct();
  const list = useObjectTypes(projectId);
  const importSchema = useImportSchema(projectId);
  const remove = useDeleteObjectType(projectId);
  const [selected, setSelected] = useState<string[]>([]);

  const importFile = async (file: File) => {
    let parsed: SchemaFile | null = null;
    try {
      const data = JSON.parse(await file.text()) as SchemaFile;
      parsed = Array.isArray(data.objectTypes) ? data : null;
    } catch {
      parsed = null;
    }
    if (!parsed) {
      void message.error(t('types.notASchema', { name: file.name }));
      return;
    }
    const names = parsed.objectTypes.map((o) => o.objectTypeName).join(', ');
    modal.confirm({
      title: t('types.importTitle'),
      content: t('types.importText', { count: parsed.objectTypes.length, names }),
      okText: t('types.import'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          const r = await importSchema.mutateAsync(parsed);
          void message.success(t('types.imported', { created: r.created.length, changed: r.changed.length, unchanged: r.unchanged.length }));
        } catch {
          // The request layer showed why.
        }
      },
    });
  };

  const exportFile = async () => {
    const { schema } = await exportSchema(projectId, selected);
    saveFile(`clouddb-schema-${projectId}.json`, `${JSON.stringify(schema, null, 2)}\n`);
  };

  const confirmDelete = (type: ObjectType) => {
    let typed = '';
    modal.confirm({
      title: t('types.deleteTitle', { name: type.objectTypeName }),
      content: (
        <Flex vertical gap="small">
          <Typography.Text>{t('types.deleteText', { count: type.rows })}</Typography.Text>
          <Input aria-label={t('types.deleteConfirmLabel')} placeholder={type.objectTypeName} onChange={(e) => (typed = e.target.value)} />
        </Flex>
      ),
      okText: t('types.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        if (typed !== type.objectTypeName) {
          void message.error(t('types.deleteMismatch'));
          throw new Error('name not typed');
        }
        await act(remove.mutateAsync(type.objectTypeName), t('types.deleted', { name: type.objectTypeName }));
      },
    });
  };

  if (!list.data) return <Skeleton active />;
  const add = canManage && (
    <Button type="primary" onClick={() => void navigate(`/projects/${projectId}/cloud-db/types/new`)}>
      {t('types.add')}
    </Button>
  );
  const importButton = canManage && (
    <Upload accept=".json,application/json" showUploadList={false} beforeUpload={(file) => (void importFile(file), Upload.LIST_IGNORE)}>
      <Button>{t('types.importButton')}</Button>
    </Upload>
  );
  if (list.data.objectTypes.length === 0) {
    return (
      <Empty data-testid="types-empty" description={t(canManage ? 'types.empty' : 'types.emptyReadOnly')}>
        <Space>
          {add}
          {importButton}
        </Space>
      </Empty>
    );
  }
  return (
    <Flex vertical gap="middle">
      <Space wrap>
        {add}
        {importButton}
        <Button onClick={() => void exportFile()}>{selected.length ? t('types.exportSelected', { count: selected.length }) : t('types.exportAll')}</Button>
      </Space>
      <Table<ObjectType>
        rowKey="objectTypeName"
        pagination={false}
        dataSource={list.data.objectTypes}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) }}
        columns={[
          { title: t('types.name'), key: 'name', render: (_, o) => <Link to={`/projects/${projectId}/cloud-db/types/${o.objectTypeName}`}>{o.objectTypeName}</Link> },
          { title: t('types.key'), key: 'key', render: (_, o) => o.fields.filter((f) => f.belongPrimaryKey).map((f) => f.fieldName).join(', ') },
          { title: t('types.fields'), key: 'fields', render: (_, o) => display.number(o.fields.length) },
          { title: t('types.indexes'), key: 'indexes', render: (_, o) => display.number(o.indexes.length) },
          { title: t('types.rows'), key: 'rows', render: (_, o) => display.number(o.rows) },
          { title: t('types.size'), key: 'size', render: (_, o) => display.size(o.bytes) },
          { title: t('types.updated'), key: 'updated', render: (_, o) => display.dateTime(o.updatedAt) },
          ...(canManage
            ? [{ title: '', key: 'actions', render: (_: unknown, o: ObjectType) => <Button danger type="link" onClick={() => confirmDelete(o)}>{t('types.delete')}</Button> }]
            : []),
        ]}
      />
    </Flex>
  );
}
