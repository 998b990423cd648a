import { useEffect, useState } from 'react';
import { Alert, App as AntApp, Button, Card, Descriptions, Flex, Form, Input, Result, Select, Skeleton, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { App, appApi } from '@wharf/contract';
import { PageLayout } from '../../../app/pages/PageLayout';
import { useRouteAppId } from '../../console/public';
import type { Language } from '../../../session/language';
import { useProject } from '../../projects/public';
import { usePermissions } from '../../team/public';
import { PackageNameDialog } from '../components/PackageNameDialog';
import { useApp, useAppKinds, useSetDevelopStatus, useUpdateApp } from '../hooks';
import { developStatusOptions, languageName, languageOptions } from '../labels';
import { AppClientCard } from '../components/AppClientCard';
import { useDisplay } from '../../../session/display';

interface EditValues {
  name: string;
  otherNames: Array<{ language: string; name: string }>;
  kindId: string | null;
  developerWebsite: string;
  supportEmail: string;
  supportPhone: string;
}

const orNull = (v: string | undefined) => (v && v.trim() ? v.trim() : null);

/** App information: the app's facts, what may be edited, the package name and the develop status. */
export function AppInfoPage() {
  const appId = useRouteAppId();
  const { t } = useTranslation('apps');
  const app = useApp(appId);
  if (app.isPending) return <Skeleton active />;
  if (!app.data) return <Result status="404" title={t('info.notFound')} />;
  return <AppInfo app={app.data} />;
}

function AppInfo({ app }: { app: App }) {
  const { t, i18n } = useTranslation('apps');
  const language = i18n.language as Language;
  const { message } = AntApp.useApp();
  const display = useDisplay();
  const permissions = usePermissions();
  const canManage = permissions.can('app.manage');
  const project = useProject(app.projectId);
  const kinds = useAppKinds();
  const update = useUpdateApp();
  const setStatus = useSetDevelopStatus();
  const [form] = Form.useForm<EditValues>();
  const [changingPackageName, setChangingPackageName] = useState(false);
  const kindName = (id: string | null) => {
    const kind = kinds.data?.find((k) => k.id === id);
    return kind ? kind.names[language] : (id ?? '');
  };

  useEffect(() => {
    form.setFieldsValue({
      name: app.names[app.defaultLanguage] ?? app.name,
      otherNames: Object.entries(app.names)
        .filter(([key]) => key !== app.defaultLanguage)
        .map(([key, name]) => ({ language: key, name })),
      kindId: app.kindId,
      developerWebsite: app.developerWebsite ?? '',
      supportEmail: app.supportEmail ?? '',
      supportPhone: app.supportPhone ?? '',
    });
  }, [app, form]);

  const save = async (values: EditValues) => {
    const names: Record<string, string> = { [app.defaultLanguage]: values.name.trim() };
    for (const entry of values.otherNames ?? []) if (entry?.language && entry.name?.trim()) names[entry.language] = entry.name.trim();
    try {
      await update.mutateAsync({
        appId: app.appId,
        names,
        kindId: values.kindId ?? null,
        developerWebsite: orNull(values.developerWebsite),
        supportEmail: orNull(values.supportEmail),
        supportPhone: orNull(values.supportPhone),
      });
      void message.success(t('info.saved'));
    } catch {
      // the request layer showed the reason
    }
  };

  const changeStatus = async (developStatus: (typeof appApi.DEVELOP_STATUSES)[number]) => {
    try {
      await setStatus.mutateAsync({ appId: app.appId, developStatus });
      void message.success(t('info.statusSaved', { status: t(`developStatus.${developStatus}`) }));
    } catch {
      // the request layer showed the reason
    }
  };

  return (
    <PageLayout>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        {t('info.title')}
      </Typography.Title>
      <Flex vertical gap="large">
        <Card title={t('info.facts')}>
          <Descriptions column={{ xs: 1, md: 2 }} bordered size="small">
            <Descriptions.Item label={t('fields.name')}>{app.name}</Descriptions.Item>
            <Descriptions.Item label={t('fields.appId')}>
              <Typography.Text copyable>{app.appId}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.packageName')}>
              <Space wrap>
                <Typography.Text code>{app.packageName}</Typography.Text>
                {app.packageNameLocked ? (
                  <Tag>{t('info.packageNameLocked')}</Tag>
                ) : (
                  canManage && (
                    <Button size="small" onClick={() => setChangingPackageName(true)}>
                      {t('info.changePackageName')}
                    </Button>
                  )
                )}
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.platform')}>{t(`platforms.${app.platform}`)}</Descriptions.Item>
            <Descriptions.Item label={t('fields.category')}>
              {t(`categories.${app.category}`)} <Typography.Text type="secondary">({t('info.categoryFixed')})</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.defaultLanguage')}>{languageName(app.defaultLanguage, language)}</Descriptions.Item>
            <Descriptions.Item label={t('fields.project')}>
              <Link to={`/projects/${encodeURIComponent(app.projectId)}/settings`}>{project.data?.name ?? app.projectId}</Link>
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.kind')}>{app.kindId ? kindName(app.kindId) : <Typography.Text type="secondary">{t('info.noKind')}</Typography.Text>}</Descriptions.Item>
            <Descriptions.Item label={t('fields.createdAt')}>{display.date(app.createdAt)}</Descriptions.Item>
            <Descriptions.Item label={t('fields.updatedAt')}>{display.date(app.updatedAt)}</Descriptions.Item>
          </Descriptions>
        </Card>

        <AppClientCard app={app} canManage={canManage} />

        <Card title={t('fields.developStatus')}>
          <Space wrap>
            <Select
              aria-label={t('fields.developStatus')}
              value={app.developStatus}
              options={developStatusOptions(t)}
              onChange={(v) => void changeStatus(v)}
              disabled={!canManage}
              loading={setStatus.isPending}
              style={{ minWidth: 220 }}
            />
            <Typography.Text type="secondary">{t('info.developStatusHint')}</Typography.Text>
          </Space>
        </Card>

        <Card title={t('info.edit')}>
          {!canManage && <Alert type="info" showIcon title={t('info.readOnly')} style={{ marginBottom: 16 }} />}
          <Form form={form} layout="vertical" onFinish={(v) => void save(v)} disabled={!canManage} requiredMark={false} style={{ maxWidth: 640 }}>
            <Form.Item
              name="name"
              label={t('info.nameIn', { language: languageName(app.defaultLanguage, language) })}
              rules={[
                { required: true, whitespace: true, message: t('create.nameRequired') },
                { max: 64, message: t('create.nameTooLong', { max: 64 }) },
              ]}
            >
              <Input maxLength={64} showCount />
            </Form.Item>
            <Form.List name="otherNames">
              {(fields, { add, remove }) => (
                <>
                  {fields.map((field) => (
                    <Flex key={field.key} gap="small" align="start">
                      <Form.Item name={[field.name, 'language']} rules={[{ required: true, message: t('create.languageRequired') }]} style={{ flex: '0 0 240px' }}>
                        <Select showSearch={{ optionFilterProp: 'label' }} aria-label={t('info.language')} options={languageOptions(language).filter((o) => o.value !== app.defaultLanguage)} />
                      </Form.Item>
                      <Form.Item name={[field.name, 'name']} rules={[{ required: true, whitespace: true, message: t('create.nameRequired') }, { max: 64, message: t('create.nameTooLong', { max: 64 }) }]} style={{ flex: 1 }}>
                        <Input maxLength={64} aria-label={t('info.nameInOther')} />
                      </Form.Item>
                      <Button onClick={() => remove(field.name)} aria-label={t('info.removeName')}>
                        {t('actions.remove')}
                      </Button>
                    </Flex>
                  ))}
                  <Form.Item>
                    <Button type="dashed" onClick={() => add({ language: undefined, name: '' })}>
                      {t('info.addName')}
                    </Button>
                  </Form.Item>
                </>
              )}
            </Form.List>
            <Form.Item name="kindId" label={t('fields.kind')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                loading={kinds.isPending}
                options={(kinds.data ?? []).filter((k) => k.category === app.category).map((k) => ({ value: k.id, label: k.names[language] }))}
              />
            </Form.Item>
            <Form.Item name="developerWebsite" label={t('fields.developerWebsite')} rules={[{ type: 'url', message: t('info.websiteInvalid') }, { pattern: /^(https?:\/\/.*)?$/i, message: t('info.websiteInvalid') }]}>
              <Input placeholder="https://example.com" maxLength={500} />
            </Form.Item>
            <Form.Item name="supportEmail" label={t('fields.supportEmail')} rules={[{ type: 'email', message: t('info.emailInvalid') }]}>
              <Input maxLength={254} />
            </Form.Item>
            <Form.Item name="supportPhone" label={t('fields.supportPhone')} rules={[{ pattern: /^(\+?[0-9 ()-]{5,30})?$/, message: t('info.phoneInvalid') }]}>
              <Input maxLength={30} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={update.isPending}>
              {t('actions.save')}
            </Button>
          </Form>
        </Card>
      </Flex>
      <PackageNameDialog app={app} open={changingPackageName} onClose={() => setChangingPackageName(false)} />
    </PageLayout>
  );
}
