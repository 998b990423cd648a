import { Card, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@wharf/rules';
import { changeOf } from '../range';

interface Props {
  title: string;
  value: number;
  /** The same number for the period before; undefined when not compared. */
  before?: number | undefined;
  /** How the value is written (a duration); a number by default. */
  format?: (value: number) => string;
}

/** One headline number, and how it moved since the period before. */
export function Kpi({ title, value, before, format }: Props) {
  const { t, i18n } = useTranslation('analytics');
  const text = format ? format(value) : formatNumber(value, i18n.language);
  const change = before === undefined ? undefined : changeOf(value, before);
  return (
    <Card size="small" style={{ minWidth: 170, flex: '1 1 170px' }}>
      <Statistic title={title} value={text} />
      {change !== undefined && (
        <Typography.Text type={change === null || change === 0 ? 'secondary' : change > 0 ? 'success' : 'danger'} style={{ fontSize: 12 }}>
          {change === null
            ? t('kpi.noBefore')
            : t('kpi.change', { change: `${change > 0 ? '+' : ''}${formatNumber(Math.round(change * 10) / 10, i18n.language)}`, before: format ? format(before!) : formatNumber(before!, i18n.language) })}
        </Typography.Text>
      )}
    </Card>
  );
}
