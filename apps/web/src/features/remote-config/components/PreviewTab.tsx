import { Button, Card, Empty, Flex, Form, Input, Radio, Select, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEVICE_OSES, type RemoteTemplate } from '@wharf/contract';
import { COUNTRIES, sortByCountryName } from '@wharf/rules';
import { usePreview } from '../api/mutations';
import { ConditionChip, ValueText } from './values';
import { useDisplay } from '../../../session/display';

interface Values {
  source: 'draft' | 'published';
  deviceId: string;
  country?: string;
  appVersion?: string;
  os?: (typeof DEVICE_OSES)[number];
  osVersion?: string;
  language?: string;
  deviceModel?: string;
  userProperties?: string;
}

/** `plan=pro` lines as the user properties an app sends. */
function properties(text: string | undefined): Record<string, string> | undefined {
  const pairs = (text ?? '')
    .split('\n')
    .map((line) => line.split('='))
    .filter((parts) => parts.length >= 2 && parts[0]!.trim())
    .map(([key, ...rest]) => [key!.trim(), rest.join('=').trim()] as const);
  return pairs.length ? Object.fromEntries(pairs) : undefined;
}

/** What a device would get: the same evaluation as its fetch, with the condition behind each value. */
export function PreviewTab({ appId, template }: { appId: string; template: RemoteTemplate }) {
  const { t } = useTranslation('remote-config');
  const display = useDisplay();
  const preview = usePreview(appId);
  const [form] = Form.useForm<Values>();
  const run = (v: Values) => {
    const text = (s?: string) => (s?.trim() ? s.trim() : undefined);
    const attributes = { country: v.country, appVersion: text(v.appVersion), os: v.os, osVersion: text(v.osVersion), language: text(v.language), deviceModel: text(v.deviceModel), userProperties: properties(v.userProperties) };
    preview.mutate({ source: v.source, deviceId: v.deviceId.trim(), attributes: Object.fromEntries(Object.entries(attributes).filter(([, x]) => x !== undefined)) });
  };
  const result = preview.data;
  return (
    <Flex vertical gap="large">
      <Card>
        <Typography.Paragraph type="secondary">{t('preview.lead')}</Typography.Paragraph>
        <Form<Values> form={form} layout="vertical" initialValues={{ source: 'draft', deviceId: 'console-preview' }} onFinish={run}>
          <Form.Item name="source" label={t('preview.source')}>
            <Radio.Group options={[{ value: 'draft', label: t('preview.draft') }, { value: 'published', label: t('preview.published') }]} />
          </Form.Item>
          <Flex gap="middle" wrap>
            <Form.Item name="country" label={t('field.country')} style={{ minWidth: 220 }}>
              <Select allowClear showSearch optionFilterProp="label" options={sortByCountryName(COUNTRIES.map((c) => c.id), display.language).map((id) => ({ value: id, label: COUNTRIES.find((c) => c.id === id)!.names[display.language] }))} />
            </Form.Item>
            <Form.Item name="appVersion" label={t('field.appVersion')}>
              <Input placeholder="2.1.0" />
            </Form.Item>
            <Form.Item name="os" label={t('field.os')} style={{ minWidth: 160 }}>
              <Select allowClear options={DEVICE_OSES.map((o) => ({ value: o, label: t(`os.${o}`) }))} />
            </Form.Item>
            <Form.Item name="osVersion" label={t('field.osVersion')}>
              <Input placeholder="14" />
            </Form.Item>
            <Form.Item name="language" label={t('field.language')}>
              <Input placeholder="ru-RU" />
            </Form.Item>
            <Form.Item name="deviceModel" label={t('field.deviceModel')}>
              <Input />
            </Form.Item>
            <Form.Item name="deviceId" label={t('preview.deviceId')} rules={[{ required: true, whitespace: true, message: t('rule.required') }]} extra={t('preview.deviceIdHint')}>
              <Input maxLength={128} />
            </Form.Item>
          </Flex>
          <Form.Item name="userProperties" label={t('field.userProperty')} extra={t('preview.propertiesHint')}>
            <Input.TextArea autoSize={{ minRows: 1, maxRows: 5 }} placeholder="plan=pro" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={preview.isPending}>
            {t('preview.run')}
          </Button>
        </Form>
      </Card>
      {result &&
        (result.values.length === 0 ? (
          <Empty description={t('preview.nothing')} />
        ) : (
          <Card title={t('preview.result')} data-testid="remote-preview">
            <Typography.Paragraph>
              {t('preview.holding')}{' '}
              {result.holding.length ? result.holding.map((name) => <ConditionChip key={name} template={template} name={name} />) : t('preview.none')}
            </Typography.Paragraph>
            <Table
              size="small"
              rowKey="key"
              pagination={false}
              dataSource={result.values}
              columns={[
                { title: t('parameter.key'), dataIndex: 'key' },
                { title: t('preview.value'), dataIndex: 'value', render: (value: string | null) => <ValueText value={value} /> },
                { title: t('preview.from'), dataIndex: 'condition', render: (condition: string | null) => (condition ? <ConditionChip template={template} name={condition} /> : t('parameter.default')) },
              ]}
            />
          </Card>
        ))}
    </Flex>
  );
}
