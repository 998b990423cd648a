import { App as AntApp, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Zone } from '@wharf/rules';
import type { Language } from '../../../session/language';
import { countryOptions, defaultZoneFor, ZONE_CHOICES } from '../countries';
import { useCreateCompanyTeam } from '../hooks';

interface Values {
  name: string;
  countryCode?: string;
  zone?: Zone;
}

/** A company team with the user as its account holder. */
export function CreateTeamDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (teamId: string, name: string) => void }) {
  const { t, i18n } = useTranslation('accounts');
  const language = i18n.language as Language;
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<Values>();
  const create = useCreateCompanyTeam();
  const country = Form.useWatch('countryCode', form);
  const zoneHint = defaultZoneFor(country);

  const onFinish = (values: Values) =>
    create.mutate(
      { name: values.name.trim(), ...(values.countryCode ? { countryCode: values.countryCode } : {}), ...(values.zone ? { zone: values.zone } : {}) },
      {
        onSuccess: ({ team }) => {
          void message.success(t('createTeam.created', { team: team.name }));
          form.resetFields();
          onCreated(team.teamId, team.name);
        },
      },
    );

  return (
    <Modal
      open={open}
      title={t('createTeam.title')}
      okText={t('createTeam.submit')}
      cancelText={t('actions.cancel')}
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" requiredMark="optional" name="create-team" onFinish={onFinish}>
        <Form.Item
          name="name"
          label={t('createTeam.name')}
          rules={[
            { required: true, whitespace: true, message: t('validation.teamNameRequired') },
            { max: 100, message: t('validation.teamNameTooLong', { max: 100 }) },
          ]}
        >
          <Input autoFocus />
        </Form.Item>
        <Form.Item name="countryCode" label={t('fields.country')}>
          <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={countryOptions(language)} aria-label={t('fields.country')} />
        </Form.Item>
        <Form.Item name="zone" label={t('fields.zone')} extra={zoneHint ? t('signUp.zoneDefault', { zone: t(`zones.${zoneHint}`, { ns: 'common' }) }) : t('signUp.zoneHint')}>
          <Select
            allowClear
            options={ZONE_CHOICES.map((zone) => ({ value: zone, label: t(`zones.${zone}`, { ns: 'common' }) }))}
            aria-label={t('fields.zone')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
