import { useState } from 'react';
import { Alert, Button, Card, Flex, Select, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { COUNTRIES, countryById, type Language } from '@wharf/rules';
import { Chart } from '../../../ui/chart/Chart';
import type { ChartSpec } from '../../../ui/chart/spec';
import { useSetPhonePolicy } from '../api/mutations';
import { usePhonePolicy, useSmsUsage } from '../api/queries';
import { useAct } from '../../../ui/use-act';

/** Phone sign-in's guard and bill: the countries texted, and the texts of the last 30 days. */
export function PhoneCard({ projectId, canManage }: { projectId: string; canManage: boolean }) {
  const { t, i18n } = useTranslation('app-users');
  const act = useAct();
  const language = i18n.language as Language;
  const policy = usePhonePolicy(projectId);
  const usage = useSmsUsage(projectId);
  const save = useSetPhonePolicy(projectId);
  const [draft, setDraft] = useState<string[] | null>(null);
  const countries = draft ?? policy.data ?? [];
  const nameOf = (code: string) => countryById(code)?.names[language] ?? code;

  const spec: ChartSpec | null = usage.data
    ? { kind: 'bar', unit: 'count', x: { kind: 'day', values: usage.data.days.map((d) => d.day), label: t('phone.day') }, series: [{ name: t('phone.texts'), values: usage.data.days.map((d) => d.count) }] }
    : null;

  return (
    <Card title={t('phone.title')}>
      {!policy.data ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <Flex vertical gap="middle">
          <Flex vertical gap={4}>
            <Typography.Text strong id="phone-countries">
              {t('phone.countries')}
            </Typography.Text>
            <Typography.Text type="secondary">{t('phone.countriesText')}</Typography.Text>
            <Flex gap="small" wrap>
              <Select
                mode="multiple"
                aria-labelledby="phone-countries"
                style={{ flex: 1, minWidth: 320 }}
                value={countries}
                disabled={!canManage}
                placeholder={t('phone.countriesPlaceholder')}
                optionFilterProp="label"
                options={COUNTRIES.map((c) => ({ value: c.id, label: `${c.names[language]} (${c.id})` }))}
                onChange={(v: string[]) => setDraft(v)}
              />
              {canManage && (
                <Button
                  disabled={draft === null}
                  loading={save.isPending}
                  onClick={() => void act(save.mutateAsync(countries), t('phone.saved')).then((ok) => ok && setDraft(null))}
                >
                  {t('phone.save')}
                </Button>
              )}
            </Flex>
            {policy.data.length === 0 && <Alert type="warning" showIcon title={t('phone.noCountries')} />}
          </Flex>
          <Flex vertical gap={4}>
            <Typography.Text strong>{t('phone.usage')}</Typography.Text>
            {spec && usage.data ? (
              <>
                <Chart spec={spec} summary={t('phone.usageSummary', { total: usage.data.total })} emptyText={t('phone.usageEmpty')} />
                {usage.data.countries.length > 0 && (
                  <Typography.Text type="secondary">
                    {t('phone.byCountry')}: {usage.data.countries.map((c) => `${nameOf(c.country)} ${c.count}`).join(', ')}
                  </Typography.Text>
                )}
              </>
            ) : (
              <Skeleton active paragraph={{ rows: 3 }} />
            )}
          </Flex>
        </Flex>
      )}
    </Card>
  );
}
