import { Checkbox, Flex, TreeSelect, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { countryById, REGIONS, sortByCountryName, type Language } from '@wharf/rules';

/** Countries and regions: a region at a time (the eight regions), or country by country. */
export function CountriesField({ value, disabled, onChange }: { value: string[]; disabled: boolean; onChange: (countries: string[]) => void }) {
  const { t, i18n } = useTranslation('versions');
  const language = i18n.language as Language;
  const chosen = new Set(value);
  const tree = REGIONS.map((r) => ({
    value: `region:${r.id}`,
    title: r.names[language],
    children: sortByCountryName(r.countries, language).map((c) => ({ value: c, title: countryById(c)?.names[language] ?? c })),
  }));
  const toggleRegion = (countries: readonly string[], on: boolean) => {
    const next = new Set(chosen);
    for (const c of countries) {
      if (on) next.add(c);
      else next.delete(c);
    }
    onChange([...next].sort());
  };
  return (
    <Flex vertical gap="small">
      <Flex wrap gap="small">
        {REGIONS.map((r) => {
          const inside = r.countries.filter((c) => chosen.has(c)).length;
          return (
            <Checkbox
              key={r.id}
              disabled={disabled}
              checked={inside === r.countries.length}
              indeterminate={inside > 0 && inside < r.countries.length}
              onChange={(e) => toggleRegion(r.countries, e.target.checked)}
            >
              {t('countries.region', { region: r.names[language], chosen: inside, total: r.countries.length })}
            </Checkbox>
          );
        })}
      </Flex>
      <TreeSelect
        aria-label={t('countries.label')}
        disabled={disabled}
        treeData={tree}
        value={value}
        treeCheckable
        showCheckedStrategy={TreeSelect.SHOW_CHILD}
        maxTagCount={12}
        placeholder={t('countries.placeholder')}
        showSearch={{ treeNodeFilterProp: 'title' }}
        onChange={(next: string[]) => onChange(next.filter((v) => !v.startsWith('region:')).sort())}
        style={{ width: '100%' }}
      />
      <Typography.Text type="secondary">{t('countries.count', { count: value.length })}</Typography.Text>
    </Flex>
  );
}
