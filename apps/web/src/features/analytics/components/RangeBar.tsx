import { DatePicker, Flex, Segmented, Switch, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ANALYTICS_LIMITS } from '@wharf/contract';
import { lastDays, lengthOf, PRESETS, type DayRange } from '../range';

interface Props {
  range: DayRange;
  today: string;
  compare: boolean;
  timeZone: string;
  onChange: (range: DayRange, compare: boolean) => void;
  /** The comparison switch, where the tab compares (the overview). */
  comparable?: boolean;
}

/** The range every chart of the page shows: the last 7, 30 or 90 days or any days picked, and the comparison. */
export function RangeBar({ range, today, compare, timeZone, onChange, comparable = true }: Props) {
  const { t } = useTranslation('analytics');
  const preset = PRESETS.find((n) => range.to === today && lengthOf(range) === n);
  const pick = (values: [Dayjs | null, Dayjs | null] | null) => {
    const [from, to] = values ?? [];
    if (from && to) onChange({ from: from.format('YYYY-MM-DD'), to: to.format('YYYY-MM-DD') }, compare);
  };
  return (
    <Flex gap="middle" wrap align="center">
      <Segmented
        aria-label={t('range.presets')}
        value={preset ?? 'custom'}
        onChange={(v) => typeof v === 'number' && onChange(lastDays(v, today), compare)}
        options={[...PRESETS.map((n) => ({ value: n, label: t('range.last', { count: n }) })), { value: 'custom', label: t('range.custom'), disabled: true }]}
      />
      <DatePicker.RangePicker
        aria-label={t('range.pick')}
        allowClear={false}
        value={[dayjs(range.from), dayjs(range.to)]}
        maxDate={dayjs(today)}
        onChange={(values) => pick(values as [Dayjs | null, Dayjs | null] | null)}
        disabledDate={(d, info) => Boolean(info.from && Math.abs(d.diff(info.from, 'day')) >= ANALYTICS_LIMITS.rangeDays)}
      />
      {comparable && (
        <Flex gap="small" align="center">
          <Switch checked={compare} onChange={(c) => onChange(range, c)} aria-label={t('range.compare')} />
          <Typography.Text>{t('range.compare')}</Typography.Text>
        </Flex>
      )}
      <Typography.Text type="secondary">{t('range.timeZone', { timeZone })}</Typography.Text>
    </Flex>
  );
}
