import { Checkbox, Form, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { CLOUD_DB_RIGHTS, CLOUD_DB_ROLES, type CloudDbRole } from '@wharf/rules';

/** AppGallery Connect's four roles against read, write and delete. */
export function RightsEditor() {
  const { t } = useTranslation('cloud-db');
  return (
    <Table<{ role: CloudDbRole }>
      size="small"
      pagination={false}
      rowKey="role"
      dataSource={CLOUD_DB_ROLES.map((role) => ({ role }))}
      columns={[
        { title: t('rights.role'), key: 'role', render: (_, r) => <span title={t(`rights.${r.role}Text`)}>{t(`rights.${r.role}`)}</span> },
        {
          title: t('rights.rights'),
          key: 'rights',
          render: (_, r) => (
            <Form.Item name={['rights', r.role]} noStyle>
              <Checkbox.Group aria-label={t(`rights.${r.role}`)} options={CLOUD_DB_RIGHTS.map((right) => ({ value: right, label: t(`rights.right.${right}`) }))} />
            </Form.Item>
          ),
        },
        { title: t('rights.who'), key: 'who', render: (_, r) => t(`rights.${r.role}Text`) },
      ]}
    />
  );
}
