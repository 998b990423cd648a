import { App as AntApp, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Role } from '@wharf/contract';
import { emailRules } from '../../accounts/validation';
import { assignmentBody, type AssignmentValues } from '../assignment';
import { useInviteMember } from '../hooks';
import { AssignmentFields } from './AssignmentFields';

interface Values extends AssignmentValues {
  email: string;
}

/** Invite by email with roles and an optional expiry; the invitee gets a link by mail. */
export function InviteDialog({ open, roles, onClose }: { open: boolean; roles: readonly Role[]; onClose: () => void }) {
  const { t } = useTranslation('team');
  const { t: tAccounts } = useTranslation('accounts');
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<Values>();
  const invite = useInviteMember();
  const onFinish = (values: Values) =>
    invite.mutate(
      { email: values.email.trim(), ...assignmentBody(values) },
      {
        onSuccess: ({ invitation }) => {
          void message.success(t('invite.sent', { email: invitation.email }));
          form.resetFields();
          onClose();
        },
      },
    );
  return (
    <Modal
      open={open}
      title={t('invite.title')}
      okText={t('invite.submit')}
      cancelText={t('actions.cancel')}
      confirmLoading={invite.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" requiredMark="optional" name="invite-member" onFinish={onFinish}>
        <Form.Item name="email" label={t('fields.email')} rules={emailRules(tAccounts)} extra={t('invite.emailHint')}>
          <Input type="email" autoFocus />
        </Form.Item>
        <AssignmentFields roles={roles} />
      </Form>
    </Modal>
  );
}
