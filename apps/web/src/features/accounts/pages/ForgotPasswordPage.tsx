import { Button, Card, Form, Input, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useRequestPasswordReset } from '../hooks';
import { emailRules } from '../validation';

export function ForgotPasswordPage() {
  const { t } = useTranslation('accounts');
  const [params] = useSearchParams();
  const request = useRequestPasswordReset();
  if (request.isSuccess) {
    return (
      <Card>
        <Result
          status="success"
          title={t('forgot.sentTitle')}
          subTitle={t('forgot.sent', { email: request.variables })}
          extra={
            <Link to="/login">
              <Button type="primary">{t('forgot.backToSignIn')}</Button>
            </Link>
          }
        />
      </Card>
    );
  }
  return (
    <Card>
      <Typography.Title level={3}>{t('forgot.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('forgot.subtitle')}</Typography.Paragraph>
      <Form<{ email: string }>
        layout="vertical"
        requiredMark={false}
        name="forgot-password"
        initialValues={{ email: params.get('email') ?? '' }}
        onFinish={({ email }) => request.mutate(email.trim())}
      >
        <Form.Item name="email" label={t('fields.email')} rules={emailRules(t)}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={request.isPending}>
          {t('forgot.submit')}
        </Button>
      </Form>
      <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0 }}>
        <Link to="/login">{t('forgot.backToSignIn')}</Link>
      </Typography.Paragraph>
    </Card>
  );
}
