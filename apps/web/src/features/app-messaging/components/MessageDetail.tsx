import { Drawer, Flex, Segmented, Skeleton, Statistic, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '@wharf/contract';
import { formatNumber } from '@wharf/rules';
import { useDisplay } from '../../../session/display';
import { Chart } from '../../../ui/chart/Chart';
import type { ChartSpec } from '../../../ui/chart/spec';
import { useMessageStats } from '../api/queries';
import { PhonePreview } from './PhonePreview';

/** One message: its preview, the timeline of its states and its statistics as charts. */
export function MessageDetail({ appId, message, onClose }: { appId: string; message: Message; onClose: () => void }) {
  const { t, i18n } = useTranslation('app-messaging');
  const display = useDisplay();
  const [days, setDays] = useState(30);
  const stats = useMessageStats(appId, message.messageId, days);
  const s = stats.data?.stats;
  const spec: ChartSpec = {
    kind: 'line',
    unit: 'count',
    x: { kind: 'day', values: s?.days.map((d) => d.day) ?? [], label: t('detail.day') },
    series: [
      { name: t('detail.impressions'), values: s?.days.map((d) => d.impressions) ?? [] },
      { name: t('detail.clicks'), values: s?.days.map((d) => d.clicks) ?? [] },
      { name: t('detail.dismissals'), values: s?.days.map((d) => d.dismissals) ?? [] },
      ...(message.conversionEvent ? [{ name: t('detail.conversions'), values: s?.days.map((d) => d.conversions) ?? [] }] : []),
    ],
  };
  const ctr = s && s.totals.impressions ? (s.totals.clicks / s.totals.impressions) * 100 : null;
  const content = message.contents.find((c) => c.language === message.defaultLanguage) ?? message.contents[0];
  return (
    <Drawer open title={message.name} width={900} onClose={onClose} destroyOnHidden>
      <Flex gap="large" align="start" wrap>
        <PhonePreview kind={message.kind} content={content && { ...content, imageObjectId: content.imageObjectId ?? null, buttons: content.buttons.map((b) => ({ ...b, target: b.target ?? null })) }} />
        <Flex vertical gap="middle" style={{ flex: 1, minWidth: 320 }}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('detail.timeline')}
          </Typography.Title>
          <Timeline items={message.timeline.map((c) => ({ children: `${t(`timeline.${c.action}`)} · ${display.dateTime(c.at)}` }))} />
          <Segmented value={days} onChange={(v) => setDays(Number(v))} options={[7, 30, 90].map((n) => ({ value: n, label: t('detail.days', { n }) }))} />
          {stats.isPending || !s ? (
            <Skeleton active />
          ) : (
            <>
              <Flex gap="large" wrap>
                <Statistic title={t('detail.impressions')} value={formatNumber(s.totals.impressions, i18n.language)} />
                <Statistic title={t('detail.clicks')} value={formatNumber(s.totals.clicks, i18n.language)} />
                <Statistic title={t('detail.ctr')} value={ctr === null ? '—' : `${formatNumber(Math.round(ctr * 10) / 10, i18n.language)} %`} />
                {message.conversionEvent && <Statistic title={t('detail.conversionsOf', { event: message.conversionEvent })} value={formatNumber(s.totals.conversions, i18n.language)} />}
              </Flex>
              <Chart spec={spec} summary={t('detail.summary', { days })} emptyText={t('detail.empty')} />
            </>
          )}
        </Flex>
      </Flex>
    </Drawer>
  );
}
