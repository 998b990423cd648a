import { App as AntApp, Card, Divider, Flex, Skeleton, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { appUsersApi, type AuthMethods, type AuthProvider } from '@wharf/contract';
import { useSetAuthMethods } from '../api/mutations';
import { useAuthMethods } from '../api/queries';

/** The sign-in methods of the project, each turned on or off with a switch. */
export function AuthMethodsCard({ projectId, canManage }: { projectId: string; canManage: boolean }) {
  const { t } = useTranslation('app-users');
  const { message } = AntApp.useApp();
  const methods = useAuthMethods(projectId);
  const save = useSetAuthMethods(projectId);

  const toggle = async (current: AuthMethods, method: AuthProvider, on: boolean) => {
    try {
      await save.mutateAsync({ ...current, [method]: on });
      void message.success(t(on ? 'methods.turnedOn' : 'methods.turnedOff', { method: t(`methods.${method}.name`) }));
    } catch {
      // the request layer showed the reason
    }
  };

  return (
    <Card title={t('methods.title')}>
      {!methods.data ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <Flex vertical>
          {appUsersApi.AUTH_PROVIDERS.map((method, i) => (
            <div key={method}>
              {i > 0 && <Divider style={{ margin: '12px 0' }} />}
              <Flex justify="space-between" align="center" gap="large">
                <Flex vertical>
                  <Typography.Text strong>{t(`methods.${method}.name`)}</Typography.Text>
                  <Typography.Text type="secondary">{t(`methods.${method}.text`)}</Typography.Text>
                </Flex>
                <Switch
                  checked={methods.data[method]}
                  disabled={!canManage}
                  loading={save.isPending && save.variables?.[method] !== methods.data[method]}
                  onChange={(on) => void toggle(methods.data, method, on)}
                  aria-label={t(`methods.${method}.name`)}
                />
              </Flex>
            </div>
          ))}
        </Flex>
      )}
    </Card>
  );
}
