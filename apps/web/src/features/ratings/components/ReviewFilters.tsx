import { useEffect, useState } from 'react';
import { Button, Checkbox, DatePicker, Flex, Input, Select } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ratingsApi, type ReviewSort } from '@wharf/contract';
import type { ReviewFilters as Filters } from '../api/queries';

/** The list's filters; every change goes to the page's address, so a filtered view can be shared and survives a reload. */
export function ReviewFilters({ filters, onChange }: { filters: Filters; onChange: (next: Filters) => void }) {
  const { t } = useTranslation('ratings');
  const set = (patch: Partial<Filters>) => onChange({ ...filters, ...patch });
  // The search box holds what is being typed; the address holds what was searched.
  const [q, setQ] = useState(filters.q ?? '');
  useEffect(() => setQ(filters.q ?? ''), [filters.q]);
  const stars = filters.stars ? filters.stars.split(',') : [];
  const list = (value: string | undefined) => (value ? value.split(',') : []);
  const joined = (values: string[]) => (values.length ? values.join(',') : undefined);
  return (
    <Flex vertical gap={8}>
      <Flex gap={12} wrap align="center">
        <span id="stars-filter">{t('filters.stars')}</span>
        <Checkbox.Group
          aria-labelledby="stars-filter"
          value={stars}
          onChange={(v) => set({ stars: joined((v as string[]).sort()) })}
          options={['1', '2', '3', '4', '5'].map((n) => ({ value: n, label: t('filters.starCount', { count: Number(n) }) }))}
        />
        <Select
          aria-label={t('filters.replied')}
          style={{ width: 180 }}
          value={filters.replied ?? 'all'}
          onChange={(v: 'all' | 'yes' | 'no') => set({ replied: v === 'all' ? undefined : v })}
          options={[
            { value: 'all', label: t('filters.repliedAll') },
            { value: 'no', label: t('filters.repliedNo') },
            { value: 'yes', label: t('filters.repliedYes') },
          ]}
        />
        <Select
          aria-label={t('filters.moderation')}
          style={{ width: 220 }}
          value={filters.moderation ?? 'all'}
          onChange={(v: 'all' | 'visible' | 'held' | 'hidden') => set({ moderation: v === 'all' ? undefined : v })}
          options={[
            { value: 'all', label: t('filters.moderationAll') },
            { value: 'visible', label: t('filters.moderationVisible') },
            { value: 'held', label: t('filters.moderationHeld') },
            { value: 'hidden', label: t('filters.moderationHidden') },
          ]}
        />
        <Select
          aria-label={t('filters.sort')}
          style={{ width: 200 }}
          value={filters.sort}
          onChange={(v: ReviewSort) => set({ sort: v })}
          options={ratingsApi.REVIEW_SORTS.map((s) => ({ value: s, label: t(`sort.${s}`) }))}
        />
      </Flex>
      <Flex gap={12} wrap align="center">
        <Select mode="tags" aria-label={t('filters.versions')} placeholder={t('filters.versions')} style={{ minWidth: 160 }} value={list(filters.versions)} onChange={(v: string[]) => set({ versions: joined(v) })} open={false} />
        <Select
          mode="tags"
          aria-label={t('filters.countries')}
          placeholder={t('filters.countries')}
          style={{ minWidth: 160 }}
          value={list(filters.countries)}
          onChange={(v: string[]) => set({ countries: joined(v.map((c) => c.trim().toUpperCase())) })}
          open={false}
        />
        <Select
          mode="tags"
          aria-label={t('filters.languages')}
          placeholder={t('filters.languages')}
          style={{ minWidth: 160 }}
          value={list(filters.languages)}
          onChange={(v: string[]) => set({ languages: joined(v.map((l) => l.trim().toLowerCase())) })}
          open={false}
        />
        <DatePicker.RangePicker
          aria-label={t('filters.dates')}
          value={filters.from && filters.to ? [dayjs(filters.from), dayjs(filters.to)] : null}
          onChange={(range) => set(range?.[0] && range[1] ? { from: range[0].format('YYYY-MM-DD'), to: range[1].format('YYYY-MM-DD') } : { from: undefined, to: undefined })}
        />
        <Input.Search
          aria-label={t('filters.search')}
          placeholder={t('filters.search')}
          allowClear
          value={q}
          onChange={(e) => setQ(e.target.value)}
          maxLength={100}
          style={{ width: 240 }}
          onSearch={(text) => set({ q: text.trim() || undefined })}
        />
        <Button type="link" onClick={() => onChange({ sort: 'newest' })}>
          {t('filters.clear')}
        </Button>
      </Flex>
    </Flex>
  );
}
