import { useEffect } from 'react';
import { Button, Card, Flex, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { setSigningOut } from '../../../session/changes';
import { isSignedIn } from '../../../session/session';
import { useSignIn } from '../hooks';
import { safeRoute } from '../sign-in-flow';
import { emailRules } from '../validation';

interface Values {
  email: string;
  password: string;
}

export function SignInPage() {
  const { t } = useTranslation('accounts');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const route = safeRoute(params.get('redirect'));
  const email = params.get('email') ?? '';
  useEffect(() => setSigningOut(false), []);
  if (isSignedIn() && !signIn.isPending && !signIn.isSuccess) return <Navigate to={route} replace />;

  const onFinish = (values: Values) => {
    signIn.mutate(
      { email: values.email.trim(), password: values.password, route },
      { onSuccess: (target) => void navigate(target, { replace: true }) },
    );
  };
  const withRedirect = (path: string) => `${path}?redirect=${encodeURIComponent(route)}${email ? `&email=${encodeURIComponent(email)}` : ''}`;

  return (
    <Card>
      <Typography.Title level={3}>{t('signIn.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('signIn.subtitle')}</Typography.Paragraph>
      <Form<Values> layout="vertical" requiredMark={false} initialValues={{ email }} onFinish={onFinish} name="sign-in">
        <Form.Item name="email" label={t('fields.email')} rules={emailRules(t)}>
          <Input type="email" autoComplete="username" autoFocus={!email} />
        </Form.Item>
        <Form.Item name="password" label={t('fields.password')} rules={[{ required: true, message: t('validation.passwordRequired') }]}>
          <Input.Password autoComplete="current-password" autoFocus={Boolean(email)} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={signIn.isPending} data-report-click="signIn.submit">
          {t('signIn.submit')}
        </Button>
      </Form>
      <Flex justify="space-between" style={{ marginTop: 16 }}>
        <Link to={`/password/forgot${email ? `?email=${encodeURIComponent(email)}` : ''}`}>{t('signIn.forgot')}</Link>
        <Link to={withRedirect('/register')}>{t('signIn.register')}</Link>
      </Flex>
    </Card>
  );
}
