import { useEffect, useMemo, useState } from 'react';
import { Alert, Breadcrumb, Button, Card, Flex, Form, Input, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useUnsavedGuard } from '../../../ui/unsaved';
import { useAct } from '../../../ui/use-act';
import { usePermissions } from '../../team/public';
import { useSaveObjectType } from '../api/mutations';
import { useObjectTypes } from '../api/queries';
import { FieldsEditor } from '../components/FieldsEditor';
import { dropTypeForm, formOf, inputOf, keepTypeForm, newTypeForm, readTypeForm, type TypeForm } from '../components/form';
import { IndexesEditor } from '../components/IndexesEditor';
import { problemText } from '../components/problems';
import { RightsEditor } from '../components/RightsEditor';
import { RulesCard } from '../components/RulesCard';
import { useDisplay } from '../../../session/display';

/** Adds an object type, or changes one without losing its data (what would lose data the server refuses, saying why). */
export function ObjectTypePage() {
  const { t } = useTranslation('cloud-db');
  const { projectId = '', objectTypeName } = useParams();
  const list = useObjectTypes(projectId);
  const canManage = usePermissions().can('cloud.manage');
  const existing = list.data?.objectTypes.find((o) => o.objectTypeName.toLowerCase() === objectTypeName?.toLowerCase());
  if (!list.data) return <Skeleton active />;
  if (objectTypeName && !existing) {
    return <Alert type="warning" showIcon message={t('editor.notFound', { name: objectTypeName })} action={<Link to={`/projects/${projectId}/cloud-db`}>{t('editor.back')}</Link>} />;
  }
  return (
    <Flex vertical gap="large">
      <Editor key={existing?.revision ?? 'new'} projectId={projectId} name={existing?.objectTypeName} initial={existing ? formOf(existing) : newTypeForm()} revision={existing?.revision} />
      {existing && <RulesCard key={existing.revision} projectId={projectId} type={existing} canManage={canManage} />}
    </Flex>
  );
}

function Editor({ projectId, name, initial, revision }: { projectId: string; name: string | undefined; initial: TypeForm; revision: number | undefined }) {
  const { t } = useTranslation('cloud-db');
  const display = useDisplay();
  const navigate = useNavigate();
  const act = useAct();
  const canManage = usePermissions().can('cloud.manage');
  const save = useSaveObjectType(projectId);
  const kept = useMemo(() => readTypeForm(projectId, name), [projectId, name]);
  const [form] = Form.useForm<TypeForm>();
  const [dirty, setDirty] = useState(false);
  const [offer, setOffer] = useState(kept);
  const values = Form.useWatch([], form) as TypeForm | undefined;
  const unsavedGuard = useUnsavedGuard(dirty && !save.isPending);
  const saved = useMemo(() => new Set(name ? initial.fields.map((f) => f.fieldName.toLowerCase()) : []), [name, initial]);
  const input = values ? inputOf(values) : null;
  const problem = input ? problemText(input, t) : null;

  useEffect(() => {
    if (dirty && values) keepTypeForm(projectId, name, values);
  }, [dirty, values, projectId, name]);

  const submit = async () => {
    const v = await form.validateFields();
    const body = inputOf({ ...initial, ...v });
    setDirty(false);
    if (await act(save.mutateAsync({ input: body, ...(revision === undefined ? {} : { revision }) }), t(name ? 'editor.saved' : 'editor.created', { name: body.objectTypeName }))) {
      dropTypeForm(projectId, name);
      void navigate(`/projects/${projectId}/cloud-db`);
    } else {
      setDirty(true);
    }
  };

  return (
    <Flex vertical gap="middle">
      {unsavedGuard}
      <Breadcrumb items={[{ title: <Link to={`/projects/${projectId}/cloud-db`}>{t('page.title')}</Link> }, { title: name ?? t('editor.newTitle') }]} />
      <Typography.Title level={2} style={{ margin: 0 }}>
        {name ? t('editor.editTitle', { name }) : t('editor.newTitle')}
      </Typography.Title>
      {name && <Alert type="info" showIcon message={t('editor.evolveText')} />}
      {offer && (
        <Alert
          type="warning"
          showIcon
          data-testid="type-draft"
          message={t('editor.draftFound', { time: display.dateTime(offer.savedAt) })}
          action={
            <Space>
              <Button size="small" onClick={() => (form.setFieldsValue(offer.values), setDirty(true), setOffer(null))}>{t('editor.restore')}</Button>
              <Button size="small" onClick={() => (dropTypeForm(projectId, name), setOffer(null))}>{t('editor.discard')}</Button>
            </Space>
          }
        />
      )}
      <Form<TypeForm> form={form} layout="vertical" initialValues={initial} disabled={!canManage} onValuesChange={() => setDirty(true)}>
        <Form.Item name="objectTypeName" label={t('editor.name')} extra={t('editor.nameText')} rules={[{ required: true, message: t('editor.nameRequired') }, { pattern: /^[A-Za-z](?:[A-Za-z0-9_]{0,28}[A-Za-z0-9])?$/, message: t('editor.nameRule') }]}>
          <Input style={{ maxWidth: 360 }} disabled={Boolean(name) || !canManage} maxLength={30} />
        </Form.Item>
        <Card title={t('editor.fields')} size="small" style={{ marginBottom: 16 }}>
          <FieldsEditor saved={saved} />
        </Card>
        <Card title={t('editor.indexes')} size="small" style={{ marginBottom: 16 }}>
          <IndexesEditor fieldNames={(values?.fields ?? []).map((f) => f?.fieldName ?? '')} />
        </Card>
        <Card title={t('rights.title')} size="small">
          <RightsEditor />
        </Card>
      </Form>
      {problem && <Alert type="error" showIcon data-testid="type-problem" message={problem} />}
      {canManage && (
        <Space>
          <Button type="primary" loading={save.isPending} disabled={Boolean(problem)} onClick={() => void submit()}>
            {name ? t('editor.save') : t('editor.create')}
          </Button>
          <Button onClick={() => void navigate(`/projects/${projectId}/cloud-db`)}>{t('common.cancel')}</Button>
        </Space>
      )}
    </Flex>
  );
}
