import { Descriptions, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExperimentInput } from '@wharf/contract';
import { useAudienceChoices } from '../../analytics/public';
import { ruleText } from '../../remote-config/public';
import { metricText } from './words';
import { useDisplay } from '../../../session/display';

/** The experiment as it will be saved, to read once more before it is. */
export function ReviewStep({ appId, input, note = true }: { appId: string; input: ExperimentInput; note?: boolean }) {
  const { t } = useTranslation('ab-testing');
  const { t: tr } = useTranslation('remote-config');
  const display = useDisplay();
  const audiences = useAudienceChoices(appId);
  const total = input.variants.reduce((sum, v) => sum + v.weight, 0);
  const rules = input.targeting.rules.map((r) => ruleText(r, tr, display.language, display.dateTime, audiences.nameOf));
  return (
    <>
      <Descriptions
        column={1}
        size="small"
        bordered
        items={[
          { key: 'name', label: t('wizard.name'), children: input.name },
          { key: 'who', label: t('wizard.who'), children: t('wizard.whoText', { percent: display.number(input.targeting.percent), rules: rules.length ? rules.join('; ') : t('wizard.everyone') }) },
          { key: 'primary', label: t('wizard.primary'), children: metricText(input.primaryMetric, t) },
          ...(input.secondaryMetrics.length ? [{ key: 'secondary', label: t('wizard.secondaryAll'), children: input.secondaryMetrics.map((m) => metricText(m, t)).join('; ') }] : []),
        ]}
      />
      <Table
        style={{ marginTop: 16 }}
        size="small"
        pagination={false}
        rowKey="name"
        dataSource={input.variants}
        columns={[
          { title: t('wizard.variantName'), dataIndex: 'name' },
          { title: t('wizard.shareTitle'), key: 'share', render: (_, v) => `${display.number(Math.round((v.weight / total) * 1000) / 10)} %` },
          ...input.parameters.map((key) => ({
            title: key,
            key,
            render: (_: unknown, v: ExperimentInput['variants'][number]) => v.values[key] ?? <Typography.Text type="secondary">{t('wizard.kept')}</Typography.Text>,
          })),
        ]}
      />
      {note && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
          {t('wizard.reviewNote')}
        </Typography.Paragraph>
      )}
    </>
  );
}
