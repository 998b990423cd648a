import { DatePicker, Form, Select } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Role } from '@wharf/contract';
import { assignableRoles, needsAppScope, roleLabel } from '../roles';

/** Roles (with their app scope for App administrators) and an optional expiry date. */
export function AssignmentFields({ roles }: { roles: readonly Role[] }) {
  const { t } = useTranslation('team');
  const form = Form.useFormInstance();
  const chosen = (Form.useWatch('roles', form) as string[] | undefined) ?? [];
  return (
    <>
      <Form.Item
        name="roles"
        label={t('fields.roles')}
        rules={[
          { required: true, type: 'array', min: 1, message: t('validation.rolesRequired') },
          { type: 'array', max: 10, message: t('validation.rolesTooMany', { max: 10 }) },
        ]}
        extra={chosen.includes('legal') ? t('invite.legalHint') : undefined}
      >
        <Select
          mode="multiple"
          aria-label={t('fields.roles')}
          placeholder={t('invite.rolesPlaceholder')}
          options={assignableRoles(roles).map((role) => ({ value: role.key, label: roleLabel(role.key, t, roles) }))}
          optionFilterProp="label"
        />
      </Form.Item>
      {needsAppScope(chosen) && (
        <Form.Item
          name="appIds"
          label={t('fields.apps')}
          extra={t('invite.appsHint')}
          rules={[{ required: true, type: 'array', min: 1, message: t('validation.appsRequired') }]}
        >
          <Select mode="tags" aria-label={t('fields.apps')} placeholder={t('invite.appsPlaceholder')} open={false} tokenSeparators={[',', ' ']} />
        </Form.Item>
      )}
      <Form.Item name="expiresAt" label={t('fields.expiresAt')} extra={t('invite.expiryHint')}>
        <DatePicker
          aria-label={t('fields.expiresAt')}
          disabledDate={(date) => date.isBefore(dayjs().startOf('day'))}
          placeholder={t('invite.expiryPlaceholder')}
          style={{ width: '100%' }}
        />
      </Form.Item>
    </>
  );
}
