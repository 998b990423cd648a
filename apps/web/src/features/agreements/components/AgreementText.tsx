import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AgreementId } from '@wharf/contract';

/** The agreement's clauses in the display language. */
export function AgreementText({ id }: { id: AgreementId }) {
  const { t } = useTranslation('agreements');
  const clauses = t(`text.${id}`, { returnObjects: true }) as unknown;
  // Clauses are numbered keys (c1, c2, ...) so the locale files stay flat strings.
  return (
    <ol style={{ margin: 0, paddingInlineStart: 20 }}>
      {(typeof clauses === 'object' && clauses ? Object.values(clauses as Record<string, string>) : []).map((clause, i) => (
        <li key={i}>
          <Typography.Paragraph style={{ marginBottom: 8 }}>{clause}</Typography.Paragraph>
        </li>
      ))}
    </ol>
  );
}
