import { Button, Card, Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Zone } from '@wharf/rules';
import type { Language } from '../../../session/language';
import { countryOptions, defaultZoneFor, siteCountry, ZONE_CHOICES } from '../countries';
import { useSignUp } from '../hooks';
import { safeRoute } from '../sign-in-flow';
import { confirmRules, displayNameRules, emailRules, newPasswordRules } from '../validation';

interface Values {
  email: string;
  displayName: string;
  password: string;
  confirm: string;
  countryCode: string;
  zone?: Zone;
}

export function SignUpPage() {
  const { t, i18n } = useTranslation('accounts');
  const language = i18n.language as Language;
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const signUp = useSignUp();
  const [form] = Form.useForm<Values>();
  const country = Form.useWatch('countryCode', form);
  const route = safeRoute(params.get('redirect'));
  const invitedEmail = params.get('email') ?? '';
  const zoneHint = defaultZoneFor(country);

  const onFinish = (values: Values) => {
    signUp.mutate(
      {
        email: values.email.trim(),
        password: values.password,
        displayName: values.displayName.trim(),
        countryCode: values.countryCode,
        ...(values.zone ? { zone: values.zone } : {}),
      },
      { onSuccess: () => void navigate(route, { replace: true }) },
    );
  };

  return (
    <Card>
      <Typography.Title level={3}>{t('signUp.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('signUp.subtitle')}</Typography.Paragraph>
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark="optional"
        name="sign-up"
        initialValues={{ email: invitedEmail, countryCode: siteCountry(language) }}
        onFinish={onFinish}
      >
        <Form.Item name="email" label={t('fields.email')} rules={emailRules(t)} extra={invitedEmail ? t('signUp.invitedEmail') : undefined}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Form.Item name="displayName" label={t('fields.displayName')} rules={displayNameRules(t)}>
          <Input autoComplete="name" />
        </Form.Item>
        <Form.Item name="password" label={t('fields.password')} rules={newPasswordRules(t)} extra={t('signUp.passwordHint')}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirm" label={t('fields.confirmPassword')} dependencies={['password']} rules={confirmRules(t)}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="countryCode" label={t('fields.country')} rules={[{ required: true, message: t('validation.countryRequired') }]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={countryOptions(language)}
            placeholder={t('signUp.countryPlaceholder')}
            aria-label={t('fields.country')}
          />
        </Form.Item>
        <Form.Item
          name="zone"
          label={t('fields.zone')}
          extra={zoneHint ? t('signUp.zoneDefault', { zone: t(`zones.${zoneHint}`, { ns: 'common' }) }) : t('signUp.zoneHint')}
        >
          <Select
            allowClear
            options={ZONE_CHOICES.map((zone) => ({ value: zone, label: t(`zones.${zone}`, { ns: 'common' }) }))}
            placeholder={t('signUp.zonePlaceholder')}
            aria-label={t('fields.zone')}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={signUp.isPending} data-report-click="signUp.submit">
          {t('signUp.submit')}
        </Button>
      </Form>
      <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0 }}>
        {t('signUp.haveAccount')}{' '}
        <Link to={`/login?redirect=${encodeURIComponent(route)}${invitedEmail ? `&email=${encodeURIComponent(invitedEmail)}` : ''}`}>
          {t('signUp.signIn')}
        </Link>
      </Typography.Paragraph>
    </Card>
  );
}
