import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { usePermissions } from '../../team/public';
import { AppUsersTable } from '../components/AppUsersTable';
import { AuthMethodsCard } from '../components/AuthMethodsCard';
import { IdentityProvidersCard } from '../components/IdentityProvidersCard';
import { PhoneCard } from '../components/PhoneCard';
import { TemplatesCard } from '../components/TemplatesCard';

/** Auth Service: the project's sign-in methods and its app users. */
export function AppUsersPage() {
  const { t } = useTranslation('app-users');
  const { projectId = '' } = useParams();
  const canManage = usePermissions().can('cloud.manage');
  return (
    <>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        {t('page.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ maxWidth: 760 }}>
        {t('page.text')}
      </Typography.Paragraph>
      <Flex vertical gap="large">
        <AuthMethodsCard projectId={projectId} canManage={canManage} />
        <PhoneCard projectId={projectId} canManage={canManage} />
        <IdentityProvidersCard projectId={projectId} canManage={canManage} />
        <TemplatesCard projectId={projectId} canManage={canManage} />
        <AppUsersTable projectId={projectId} canManage={canManage} />
      </Flex>
    </>
  );
}
