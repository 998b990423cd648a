import { Button, Card, Form, Input, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useResetPassword } from '../hooks';
import { confirmRules, newPasswordRules } from '../validation';

interface Values {
  password: string;
  confirm: string;
}

/** Opened from the password-reset mail: `#/password/reset?token=<token>`. */
export function ResetPasswordPage() {
  const { t } = useTranslation('accounts');
  const [params] = useSearchParams();
  const reset = useResetPassword();
  const token = params.get('token') ?? '';

  if (token.length < 20) {
    return (
      <Card>
        <Result
          status="warning"
          title={t('reset.badLinkTitle')}
          subTitle={t('reset.badLink')}
          extra={
            <Link to="/password/forgot">
              <Button type="primary">{t('reset.requestNew')}</Button>
            </Link>
          }
        />
      </Card>
    );
  }
  if (reset.isSuccess) {
    return (
      <Card>
        <Result
          status="success"
          title={t('reset.doneTitle')}
          subTitle={t('reset.done')}
          extra={
            <Link to="/login">
              <Button type="primary">{t('reset.signIn')}</Button>
            </Link>
          }
        />
      </Card>
    );
  }
  return (
    <Card>
      <Typography.Title level={3}>{t('reset.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('reset.subtitle')}</Typography.Paragraph>
      <Form<Values> layout="vertical" requiredMark={false} name="reset-password" onFinish={({ password }) => reset.mutate({ token, password })}>
        <Form.Item name="password" label={t('fields.newPassword')} rules={newPasswordRules(t)} extra={t('signUp.passwordHint')}>
          <Input.Password autoComplete="new-password" autoFocus />
        </Form.Item>
        <Form.Item name="confirm" label={t('fields.confirmPassword')} dependencies={['password']} rules={confirmRules(t)}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={reset.isPending}>
          {t('reset.submit')}
        </Button>
      </Form>
      <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0 }}>
        {t('reset.expiredHint')} <Link to="/password/forgot">{t('reset.requestNew')}</Link>
      </Typography.Paragraph>
    </Card>
  );
}
