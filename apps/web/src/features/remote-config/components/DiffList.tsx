import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TemplateDiff } from '@wharf/rules';

/** What changed, by parameter key and condition name: added, changed, removed, and a new priority order. */
export function DiffList({ diff }: { diff: TemplateDiff }) {
  const { t } = useTranslation('remote-config');
  const rows = (['parameters', 'conditions'] as const).flatMap((kind) =>
    (['added', 'changed', 'removed'] as const)
      .filter((how) => diff[kind][how].length > 0)
      .map((how) => ({ key: `${kind}.${how}`, label: t(`diff.${kind}.${how}`), names: diff[kind][how], color: how === 'added' ? 'green' : how === 'removed' ? 'red' : 'blue' })),
  );
  if (rows.length === 0 && !diff.reordered) return <Typography.Text type="secondary">{t('diff.none')}</Typography.Text>;
  return (
    <Flex vertical gap="small" data-testid="remote-diff">
      {rows.map((row) => (
        <div key={row.key}>
          <Typography.Text strong>{row.label}: </Typography.Text>
          {row.names.map((name) => (
            <Tag key={name} color={row.color}>
              {name}
            </Tag>
          ))}
        </div>
      ))}
      {diff.reordered && <Typography.Text>{t('diff.reordered')}</Typography.Text>}
    </Flex>
  );
}
