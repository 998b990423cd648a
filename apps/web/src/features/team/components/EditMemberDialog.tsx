import { App as AntApp, Form, Modal, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Member, Role } from '@wharf/contract';
import { assignmentBody, type AssignmentValues } from '../assignment';
import { useUpdateMember } from '../hooks';
import { AssignmentFields } from './AssignmentFields';

/** Change a member's roles, app scope or expiry. */
export function EditMemberDialog({ member, roles, onClose }: { member: Member | null; roles: readonly Role[]; onClose: () => void }) {
  const { t } = useTranslation('team');
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<AssignmentValues>();
  const update = useUpdateMember();
  const onFinish = (values: AssignmentValues) => {
    if (!member) return;
    update.mutate(
      { userId: member.userId, ...assignmentBody(values) },
      {
        onSuccess: () => {
          void message.success(t('edit.saved', { name: member.displayName }));
          onClose();
        },
      },
    );
  };
  return (
    <Modal
      open={member !== null}
      title={t('edit.title')}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      confirmLoading={update.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {member && (
        <Form<AssignmentValues>
          form={form}
          layout="vertical"
          requiredMark="optional"
          name="edit-member"
          onFinish={onFinish}
          initialValues={{ roles: member.roles, appIds: member.appIds, expiresAt: member.expiresAt ? dayjs(member.expiresAt) : null }}
        >
          <Typography.Paragraph>
            <Typography.Text strong>{member.displayName}</Typography.Text> <Typography.Text type="secondary">{member.email}</Typography.Text>
          </Typography.Paragraph>
          <AssignmentFields roles={roles} />
        </Form>
      )}
    </Modal>
  );
}
