import { Button, Card, Flex, Form, Input, Select, Skeleton, Switch, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { HostingConfigInput } from '@wharf/contract';
import { useSiteChanges } from '../api/mutations';
import { useSiteConfig } from '../api/queries';

interface Props {
  projectId: string;
  site: string;
  canManage: boolean;
}

interface ConfigForm {
  cleanUrls: boolean;
  spa: boolean;
  redirects: HostingConfigInput['redirects'];
  headers: { source: string; key: string; value: string }[];
}

const SPA = { source: '**', destination: '/index.html' };
const SOURCE = /^(\*\*|\/\S*)$/;

/** A list of rules of the form, one card each with its delete button, and a button adding a blank one. */
function RuleCards({ name, canManage, addLabel, blank, children }: { name: string; canManage: boolean; addLabel: string; blank: object; children: (field: number) => ReactNode }) {
  const { t } = useTranslation('hosting');
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <Flex vertical gap="small">
          {fields.map((field) => (
            <Card key={field.key} size="small">
              <Flex gap="small" wrap align="flex-start">
                {children(field.name)}
                <Button type="link" danger onClick={() => remove(field.name)} style={{ marginTop: 30 }}>
                  {t('actions.delete')}
                </Button>
              </Flex>
            </Card>
          ))}
          {canManage && (
            <Button onClick={() => add(blank)} style={{ alignSelf: 'flex-start' }}>
              {addLabel}
            </Button>
          )}
        </Flex>
      )}
    </Form.List>
  );
}

/** What the site serves besides its files: a single-page app's fallback, clean URLs, redirects and headers (Firebase Hosting's terms). */
export function ConfigTab({ projectId, site, canManage }: Props) {
  const { t } = useTranslation('hosting');
  const saved = useSiteConfig(projectId, site);
  const changes = useSiteChanges(projectId, site);
  const [form] = Form.useForm<ConfigForm>();
  if (saved.isPending || !saved.data) return <Skeleton active />;
  const c = saved.data.config;
  const initial: ConfigForm = {
    cleanUrls: c.cleanUrls,
    spa: c.rewrites.some((r) => r.source === SPA.source && r.destination === SPA.destination),
    redirects: c.redirects,
    headers: c.headers.flatMap((h) => h.headers.map((x) => ({ source: h.source, key: x.key, value: x.value }))),
  };
  const save = async (v: ConfigForm) => {
    const others = c.rewrites.filter((r) => !(r.source === SPA.source && r.destination === SPA.destination));
    await changes.putConfig.mutateAsync({
      cleanUrls: v.cleanUrls,
      rewrites: v.spa ? [...others, SPA] : others,
      redirects: v.redirects ?? [],
      headers: (v.headers ?? []).map((h) => ({ source: h.source, headers: [{ key: h.key, value: h.value }] })),
    });
  };
  return (
    <Form form={form} layout="vertical" initialValues={initial} onFinish={save} disabled={!canManage} style={{ maxWidth: 820 }}>
      <Form.Item name="spa" valuePropName="checked" label={t('config.spa')} extra={t('config.spaHint')}>
        <Switch />
      </Form.Item>
      <Form.Item name="cleanUrls" valuePropName="checked" label={t('config.cleanUrls')} extra={t('config.cleanUrlsHint')}>
        <Switch />
      </Form.Item>
      <Typography.Title level={5}>{t('config.redirects')}</Typography.Title>
      <RuleCards name="redirects" canManage={canManage} addLabel={t('config.addRedirect')} blank={{ source: '', destination: '', type: 301 }}>
        {(field) => (
          <>
            <Form.Item name={[field, 'source']} label={t('config.source')} rules={[{ required: true, pattern: SOURCE, message: t('config.sourceRule') }]}>
              <Input placeholder="/old-page" style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name={[field, 'destination']} label={t('config.destination')} rules={[{ required: true, pattern: /^(\/(?!\/)\S*|https?:\/\/\S+)$/i, message: t('config.destinationRule') }]}>
              <Input placeholder="/new-page" style={{ width: 260 }} />
            </Form.Item>
            <Form.Item name={[field, 'type']} label={t('config.type')} initialValue={301}>
              <Select style={{ width: 160 }} options={[{ value: 301, label: t('config.permanent') }, { value: 302, label: t('config.temporary') }]} />
            </Form.Item>
          </>
        )}
      </RuleCards>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('config.headers')}
      </Typography.Title>
      <RuleCards name="headers" canManage={canManage} addLabel={t('config.addHeader')} blank={{ source: '', key: '', value: '' }}>
        {(field) => (
          <>
            <Form.Item name={[field, 'source']} label={t('config.source')} rules={[{ required: true, pattern: SOURCE, message: t('config.sourceRule') }]}>
              <Input placeholder="/assets/**" style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name={[field, 'key']} label={t('config.header')} rules={[{ required: true, pattern: /^[A-Za-z0-9-]{1,64}$/, message: t('config.headerRule') }]}>
              <Input placeholder="Cache-Control" style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name={[field, 'value']} label={t('config.value')} rules={[{ required: true, message: t('config.valueRule') }]}>
              <Input placeholder="public, max-age=31536000, immutable" style={{ width: 280 }} />
            </Form.Item>
          </>
        )}
      </RuleCards>
      {canManage && (
        <Button type="primary" htmlType="submit" loading={changes.putConfig.isPending} style={{ marginTop: 16 }}>
          {t('config.save')}
        </Button>
      )}
    </Form>
  );
}
