import { useEffect, useState } from 'react';
import { App as AntApp, Form, Input, Modal, Radio, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { App, Platform } from '@wharf/contract';
import type { Language } from '../../../session/language';
import { ProjectSelect, useCreateProject, useProject, useProjects, useDataLocations } from '../../projects/public';
import { useCreateApp, useLiveChecks } from '../hooks';
import { categoryOptions, defaultLanguageKey, languageOptions, platformOptions } from '../labels';
import { LIVE_CHECK_DEBOUNCE_MS, liveCheckRule } from './live-checks';

interface Values {
  platform: Platform;
  name: string;
  packageName: string;
  category: App['category'];
  defaultLanguage: string;
  projectMode: 'existing' | 'new';
  projectId?: string;
  projectName?: string;
  dataLocation?: string;
}

/**
 * Add an app: platform, name and package name (checked live by the server as they are
 * typed), category (fixed afterwards), default language, and a project (existing or new;
 * fixed when opened from a project). Answers the created app.
 */
export function CreateAppDialog({ open, projectId, onClose, onCreated }: { open: boolean; projectId?: string; onClose: () => void; onCreated?: (app: App) => void }) {
  const { t, i18n } = useTranslation('apps');
  const language = i18n.language as Language;
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<Values>();
  const checks = useLiveChecks();
  const zones = useDataLocations();
  const projects = useProjects('', 1);
  const fixedProject = useProject(projectId ?? '').data;
  const createProject = useCreateProject();
  const createApp = useCreateApp();
  const [saving, setSaving] = useState(false);
  const projectMode = Form.useWatch('projectMode', form);
  const hasProjects = (projects.data?.pages[0]?.items.length ?? 0) > 0;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({
      platform: 'android',
      category: 'app',
      defaultLanguage: defaultLanguageKey(language),
      projectMode: projectId || hasProjects || projects.isPending ? 'existing' : 'new',
      projectId,
      dataLocation: zones.suggested,
    });
    // Only when the dialog opens: later changes of the lists must not reset what was typed.
  }, [open]);

  useEffect(() => {
    if (open && !projectId && !projects.isPending && !hasProjects) form.setFieldValue('projectMode', 'new');
  }, [open, projectId, projects.isPending, hasProjects, form]);

  const platform = () => form.getFieldValue('platform') as Platform | undefined;

  const submit = async (values: Values) => {
    setSaving(true);
    try {
      let target = projectId ?? values.projectId;
      if (!projectId && values.projectMode === 'new') {
        const created = await createProject.mutateAsync({
          name: values.projectName!.trim(),
          ...(values.dataLocation ? { dataLocation: values.dataLocation as never } : {}),
        });
        target = created.projectId;
        // Should the app be refused now, the new project is kept and chosen: no second one.
        form.setFieldsValue({ projectMode: 'existing', projectId: created.projectId });
      }
      const app = await createApp.mutateAsync({
        projectId: target!,
        platform: values.platform,
        name: values.name.trim(),
        packageName: values.packageName.trim(),
        category: values.category,
        defaultLanguage: values.defaultLanguage,
      });
      void message.success(t('create.done', { name: app.name }));
      onCreated?.(app);
      onClose();
    } catch {
      // the request layer showed the reason
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('create.title')}
      okText={t('actions.create')}
      cancelText={t('actions.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={600}
    >
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} requiredMark={false}>
        <Form.Item name="platform" label={t('fields.platform')} rules={[{ required: true, message: t('create.platformRequired') }]}>
          <Select options={platformOptions(t)} onChange={() => void form.validateFields(['name', 'packageName']).catch(() => undefined)} />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('fields.name')}
          hasFeedback
          validateDebounce={LIVE_CHECK_DEBOUNCE_MS}
          validateFirst
          rules={[
            { required: true, whitespace: true, message: t('create.nameRequired') },
            { max: 64, message: t('create.nameTooLong', { max: 64 }) },
            liveCheckRule('name', checks.name, platform, t),
          ]}
        >
          <Input maxLength={64} showCount />
        </Form.Item>
        <Form.Item
          name="packageName"
          label={t('fields.packageName')}
          extra={t('create.packageNameHint')}
          hasFeedback
          validateDebounce={LIVE_CHECK_DEBOUNCE_MS}
          validateFirst
          rules={[{ required: true, whitespace: true, message: t('create.packageNameRequired') }, liveCheckRule('packageName', checks.packageName, platform, t)]}
        >
          <Input placeholder="com.yourcompany.myapp" maxLength={128} spellCheck={false} autoComplete="off" />
        </Form.Item>
        <Form.Item name="category" label={t('fields.category')} extra={t('create.categoryHint')}>
          <Radio.Group options={categoryOptions(t)} optionType="button" />
        </Form.Item>
        <Form.Item name="defaultLanguage" label={t('fields.defaultLanguage')} rules={[{ required: true, message: t('create.languageRequired') }]}>
          <Select showSearch={{ optionFilterProp: 'label' }} options={languageOptions(language)} />
        </Form.Item>
        {projectId ? (
          <Form.Item label={t('fields.project')}>
            <Typography.Text strong>{fixedProject?.name ?? projectId}</Typography.Text>
          </Form.Item>
        ) : (
          <>
            <Form.Item name="projectMode" label={t('fields.project')}>
              <Radio.Group
                optionType="button"
                options={[
                  { value: 'existing', label: t('create.existingProject'), disabled: !hasProjects },
                  { value: 'new', label: t('create.newProject') },
                ]}
              />
            </Form.Item>
            {projectMode === 'new' ? (
              <>
                <Form.Item
                  name="projectName"
                  label={t('create.projectName')}
                  rules={[
                    { required: true, whitespace: true, message: t('create.projectNameRequired') },
                    { max: 64, message: t('create.nameTooLong', { max: 64 }) },
                    { pattern: /^[^<>"'&\\]+$/, message: t('create.projectNameCharacters') },
                  ]}
                >
                  <Input maxLength={64} />
                </Form.Item>
                <Form.Item name="dataLocation" label={t('create.dataLocation')} rules={[{ required: true, message: t('create.dataLocationRequired') }]}>
                  <Select options={zones.options} loading={zones.loading} />
                </Form.Item>
              </>
            ) : (
              <Form.Item name="projectId" label={t('create.chooseProject')} rules={[{ required: true, message: t('create.projectRequired') }]}>
                <ProjectSelect />
              </Form.Item>
            )}
          </>
        )}
      </Form>
    </Modal>
  );
}
