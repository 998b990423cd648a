import { App as AntApp, Alert, Button, Card, Descriptions, Flex, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isSignedIn } from '../../../session/session';
import { roleLabel } from '../../team/roles';
import { useAcceptInvitation, useInvitation, useMe } from '../hooks';

/**
 * Opened from the invitation mail: `#/invitation?token=<token>`. Shows the team, who
 * invited and with which roles; a signed-out person signs in or signs up with the invited
 * email first and comes back here to accept.
 */
export function InvitationPage() {
  const { t } = useTranslation('accounts');
  const { t: tTeam } = useTranslation('team');
  const { message } = AntApp.useApp();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  const invitation = useInvitation(token);
  const signedIn = isSignedIn();
  const me = useMe(signedIn);
  const accept = useAcceptInvitation();

  if (token.length < 20 || invitation.isError) {
    return (
      <Card>
        <Result status="warning" title={t('invitation.invalidTitle')} subTitle={t('invitation.invalid')} />
      </Card>
    );
  }
  if (invitation.isPending) {
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  }
  const data = invitation.data;
  if (data.state !== 'open') {
    return (
      <Card>
        <Result
          status="info"
          title={t(`invitation.state.${data.state}.title`)}
          subTitle={t(`invitation.state.${data.state}.text`, { team: data.teamName })}
          extra={
            <Link to="/">
              <Button type="primary">{t('invitation.toConsole')}</Button>
            </Link>
          }
        />
      </Card>
    );
  }

  const here = `/invitation?token=${encodeURIComponent(token)}`;
  const query = `redirect=${encodeURIComponent(here)}&email=${encodeURIComponent(data.email)}`;
  const otherAccount = signedIn && me.data && me.data.email !== data.email;

  const onAccept = () =>
    accept.mutate(token, {
      onSuccess: () => {
        void message.success(t('invitation.joined', { team: data.teamName }));
        void navigate('/', { replace: true });
      },
    });

  return (
    <Card>
      <Typography.Title level={3}>{t('invitation.title', { team: data.teamName })}</Typography.Title>
      <Typography.Paragraph>{t('invitation.lead', { inviter: data.invitedBy, team: data.teamName })}</Typography.Paragraph>
      <Descriptions
        column={1}
        size="small"
        bordered
        items={[
          { key: 'team', label: t('invitation.team'), children: data.teamName },
          { key: 'inviter', label: t('invitation.inviter'), children: data.invitedBy },
          { key: 'email', label: t('invitation.email'), children: data.email },
          {
            key: 'roles',
            label: t('invitation.roles'),
            children: (
              <Space size={[4, 4]} wrap>
                {data.roles.map((role) => (
                  <Tag key={role}>{roleLabel(role, tTeam)}</Tag>
                ))}
              </Space>
            ),
          },
        ]}
        style={{ marginBottom: 24 }}
      />
      {signedIn ? (
        <Flex vertical gap="middle">
          {otherAccount && <Alert type="warning" showIcon title={t('invitation.otherAccount', { current: me.data?.email, invited: data.email })} />}
          <Button type="primary" size="large" block loading={accept.isPending} onClick={onAccept} data-report-click="invitation.accept">
            {t('invitation.accept')}
          </Button>
        </Flex>
      ) : (
        <Flex vertical gap="middle">
          <Typography.Text type="secondary">{data.accountExists ? t('invitation.signInFirst') : t('invitation.signUpFirst')}</Typography.Text>
          <Link to={`${data.accountExists ? '/login' : '/register'}?${query}`}>
            <Button type="primary" size="large" block>
              {data.accountExists ? t('invitation.signIn') : t('invitation.signUp')}
            </Button>
          </Link>
          <Link to={`${data.accountExists ? '/register' : '/login'}?${query}`}>
            <Button block>{data.accountExists ? t('invitation.signUp') : t('invitation.signIn')}</Button>
          </Link>
        </Flex>
      )}
    </Card>
  );
}
