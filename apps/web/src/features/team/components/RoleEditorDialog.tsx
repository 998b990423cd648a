import { App as AntApp, Checkbox, Col, Form, Input, Modal, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PermissionName, Role } from '@wharf/contract';
import { customRoleId } from '../assignment';
import { useSaveRole } from '../hooks';
import { PERMISSION_GROUPS, permissionLabel } from '../permissions';

interface Values {
  name: string;
  permissions: PermissionName[];
}

/** Create a custom role, or edit one: a name and the permissions it grants. */
export function RoleEditorDialog({ open, role, onClose }: { open: boolean; role: Role | null; onClose: () => void }) {
  const { t } = useTranslation('team');
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<Values>();
  const save = useSaveRole();
  const onFinish = (values: Values) => {
    const roleId = role ? customRoleId(role.key) : null;
    save.mutate(
      { name: values.name.trim(), permissions: values.permissions, ...(roleId ? { roleId } : {}) },
      {
        onSuccess: () => {
          void message.success(t(role ? 'roleEditor.saved' : 'roleEditor.created', { name: values.name.trim() }));
          onClose();
        },
      },
    );
  };
  return (
    <Modal
      open={open}
      width={720}
      title={role ? t('roleEditor.editTitle', { name: role.name }) : t('roleEditor.createTitle')}
      okText={role ? t('actions.save') : t('roleEditor.create')}
      cancelText={t('actions.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        name="role-editor"
        onFinish={onFinish}
        initialValues={{ name: role?.name ?? '', permissions: role?.permissions ?? ['team.read'] }}
      >
        <Form.Item
          name="name"
          label={t('fields.roleName')}
          rules={[
            { required: true, whitespace: true, message: t('validation.roleNameRequired') },
            { max: 50, message: t('validation.roleNameTooLong', { max: 50 }) },
          ]}
        >
          <Input autoFocus />
        </Form.Item>
        <Form.Item
          name="permissions"
          label={t('fields.permissions')}
          rules={[{ required: true, type: 'array', min: 1, message: t('validation.permissionsRequired') }]}
        >
          <Checkbox.Group style={{ width: '100%' }}>
            <Row gutter={[16, 12]}>
              {PERMISSION_GROUPS.map((group) => (
                <Col key={group.key} xs={24} sm={12}>
                  <Typography.Text strong>{t(`permissionGroups.${group.key}`)}</Typography.Text>
                  {group.permissions.map((permission) => (
                    <div key={permission}>
                      <Checkbox value={permission}>{permissionLabel(permission, t)}</Checkbox>
                    </div>
                  ))}
                </Col>
              ))}
            </Row>
          </Checkbox.Group>
        </Form.Item>
      </Form>
    </Modal>
  );
}
