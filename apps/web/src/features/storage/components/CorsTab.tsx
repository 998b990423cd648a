import { Button, Card, Checkbox, Empty, Flex, Form, InputNumber, Select, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StorageCorsRule } from '@wharf/contract';
import { useBucketChanges } from '../api/mutations';
import { useBucketCors } from '../api/queries';

const METHODS = ['GET', 'HEAD', 'PUT', 'POST', 'PATCH', 'DELETE'] as const;
const ORIGIN = /^(\*|https?:\/\/[a-z0-9.-]+(:\d{1,5})?)$/i;

interface Props {
  projectId: string;
  bucket: string;
  canManage: boolean;
}

/** Which web pages may call the bucket's files from a browser: origins, methods, extra headers, how long a preflight holds. */
export function CorsTab({ projectId, bucket, canManage }: Props) {
  const { t } = useTranslation('storage');
  const saved = useBucketCors(projectId, bucket);
  const changes = useBucketChanges(projectId, bucket);
  const [form] = Form.useForm<{ cors: StorageCorsRule[] }>();
  if (saved.isPending) return <Skeleton active />;
  const save = async (v: { cors?: StorageCorsRule[] }) => {
    await changes.putCors.mutateAsync({ cors: (v.cors ?? []).map((r) => ({ ...r, headers: r.headers ?? [], exposeHeaders: r.exposeHeaders ?? [] })) });
  };
  return (
    <Form form={form} layout="vertical" initialValues={{ cors: saved.data?.cors ?? [] }} onFinish={save} disabled={!canManage}>
      <Typography.Paragraph type="secondary">{t('cors.intro')}</Typography.Paragraph>
      <Form.List name="cors">
        {(fields, { add, remove }) => (
          <Flex vertical gap="middle">
            {fields.length === 0 && <Empty description={t('cors.empty')} />}
            {fields.map((field, i) => (
              <Card
                key={field.key}
                size="small"
                title={t('cors.number', { n: i + 1 })}
                extra={
                  <Button size="small" type="link" danger onClick={() => remove(field.name)}>
                    {t('actions.delete')}
                  </Button>
                }
              >
                <Form.Item
                  name={[field.name, 'origins']}
                  label={t('cors.origins')}
                  rules={[{ required: true, message: t('cors.originsRule') }, { validator: async (_r, v: string[] | undefined) => ((v ?? []).every((o) => ORIGIN.test(o)) ? undefined : Promise.reject(new Error(t('cors.originsRule')))) }]}
                >
                  <Select mode="tags" tokenSeparators={[',', ' ']} placeholder="https://app.example.com" aria-label={t('cors.origins')} />
                </Form.Item>
                <Form.Item name={[field.name, 'methods']} label={t('cors.methods')} rules={[{ required: true, message: t('cors.methodsRule') }]}>
                  <Checkbox.Group options={METHODS.map((m) => ({ value: m, label: m }))} />
                </Form.Item>
                <Form.Item name={[field.name, 'headers']} label={t('cors.headers')} extra={t('cors.headersHint')}>
                  <Select mode="tags" tokenSeparators={[',', ' ']} aria-label={t('cors.headers')} />
                </Form.Item>
                <Form.Item name={[field.name, 'maxAgeSeconds']} label={t('cors.maxAge')}>
                  <InputNumber min={0} max={86_400} />
                </Form.Item>
              </Card>
            ))}
            {canManage && (
              <Flex gap="small">
                <Button onClick={() => add({ origins: [], methods: ['GET'], headers: [], exposeHeaders: [], maxAgeSeconds: 3600 })}>{t('cors.add')}</Button>
                <Button type="primary" htmlType="submit" loading={changes.putCors.isPending}>
                  {t('cors.save')}
                </Button>
              </Flex>
            )}
          </Flex>
        )}
      </Form.List>
    </Form>
  );
}
