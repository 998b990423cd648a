import { useState } from 'react';
import { Alert, DatePicker, Form, Input, Modal, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { pickerFormat } from '../display';

export interface ActionDialogProps {
  open: boolean;
  title: string;
  text: string;
  okText: string;
  /** A consequence to read before confirming, shown as a warning. */
  warning?: string;
  danger?: boolean;
  /** What the dialog asks for besides the confirmation. */
  ask?: 'reason' | 'time';
  /** Resolves when done (the dialog closes), rejects when the server refused (it stays open). */
  onOk: (value: { reason?: string; time?: string }) => Promise<unknown>;
  onClose: () => void;
}

/** A confirmation before a state change, asking for a reason or a time when the change needs one. */
export function ActionDialog({ open, title, text, okText, warning, danger, ask, onOk, onClose }: ActionDialogProps) {
  const { t, i18n } = useTranslation('versions');
  const [form] = Form.useForm<{ reason?: string; time?: Dayjs }>();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    let values: { reason?: string; time?: Dayjs };
    try {
      values = await form.validateFields();
    } catch {
      return; // The form shows what is missing.
    }
    setBusy(true);
    try {
      await onOk({ reason: values.reason?.trim(), time: values.time?.toISOString() });
      form.resetFields();
      onClose();
    } catch {
      // The request layer has shown the server's reason; the dialog stays open.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText={t('actions.back')}
      okButtonProps={{ danger, loading: busy }}
      onOk={() => void confirm()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>{text}</Typography.Paragraph>
      {warning && <Alert type="warning" showIcon title={warning} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" preserve={false}>
        {ask === 'reason' && (
          <Form.Item name="reason" label={t('actions.reason')} rules={[{ required: true, whitespace: true, message: t('actions.reasonRequired') }]}>
            <Input.TextArea rows={3} maxLength={500} showCount />
          </Form.Item>
        )}
        {ask === 'time' && (
          <Form.Item name="time" label={t('actions.releaseTime')} rules={[{ required: true, message: t('actions.timeRequired') }]}>
            <DatePicker showTime={{ format: 'HH:mm' }} format={pickerFormat(i18n.language)} disabledDate={(d) => d.isBefore(dayjs(), 'day')} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
