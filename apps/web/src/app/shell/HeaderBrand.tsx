import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The product's name at the start of every header, leading home. */
export function HeaderBrand() {
  const { t } = useTranslation();
  return (
    <Link to="/">
      <Typography.Text strong style={{ color: '#fff', fontSize: 20, whiteSpace: 'nowrap' }}>
        {t('app.name')}
      </Typography.Text>
    </Link>
  );
}
