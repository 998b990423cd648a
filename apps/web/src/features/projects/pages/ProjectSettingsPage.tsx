import { useState, type ReactNode } from 'react';
import { App as AntApp, Button, Card, Descriptions, Flex, Popconfirm, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { Member, Project } from '@wharf/contract';
import { PageLayout } from '../../../app/pages/PageLayout';
import { usePermissions, useRoles, roleLabel } from '../../team/public';
import { ProjectFormDialog } from '../components/ProjectFormDialog';
import { useDeleteProject, useFetchConfigFile, useProject, useProjectMembers } from '../hooks';
import { useDataLocations } from '../zones';
import { saveFile } from '../../../ui/save-file';
import { StatusResult } from '../../../ui/StatusResult';
import { useDisplay } from '../../../session/display';

/**
 * Project settings: general information, the project's apps (the card the shell passes: apps
 * builds on projects), its members, the configuration file.
 */
export function ProjectSettingsPage({ appsCard }: { appsCard?: (projectId: string) => ReactNode }) {
  const { projectId = '' } = useParams();
  const { t } = useTranslation('projects');
  const project = useProject(projectId);
  if (project.isPending) return <Skeleton active />;
  if (!project.data) return <StatusResult status="404" title={t('settings.notFound')} extra={<Link to="/projects">{t('settings.backToList')}</Link>} />;
  return <ProjectSettings project={project.data} appsCard={appsCard} />;
}

function ProjectSettings({ project, appsCard }: { project: Project; appsCard?: ((projectId: string) => ReactNode) | undefined }) {
  const { t } = useTranslation('projects');
  const { message } = AntApp.useApp();
  const navigate = useNavigate();
  const display = useDisplay();
  const zones = useDataLocations();
  const permissions = usePermissions();
  const canManage = permissions.can('project.manage');
  const members = useProjectMembers(project.projectId);
  const roles = useRoles();
  const remove = useDeleteProject();
  const fetchConfigFile = useFetchConfigFile();
  const [renaming, setRenaming] = useState(false);
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      const file = await fetchConfigFile(project.projectId);
      saveFile(file.fileName, `${JSON.stringify(file.content, null, 2)}\n`);
      void message.success(t('configFile.downloaded', { fileName: file.fileName }));
    } catch {
      // the request layer showed the reason
    } finally {
      setDownloading(false);
    }
  };

  const memberColumns = [
    {
      key: 'member',
      title: t('members.member'),
      render: (_: unknown, m: Member) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{m.displayName}</Typography.Text>
          <Typography.Text type="secondary">{m.email}</Typography.Text>
        </Space>
      ),
    },
    {
      key: 'roles',
      title: t('members.roles'),
      render: (_: unknown, m: Member) => (
        <Space size={[4, 4]} wrap>
          {m.roles.map((r) => (
            <Tag key={r} color={r === 'accountHolder' ? 'gold' : 'blue'}>
              {roleLabel(r, (key) => t(key, { ns: 'team' }), roles.data ?? [])}
            </Tag>
          ))}
        </Space>
      ),
    },
  ];

  return (
    <PageLayout>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        {t('settings.title')}
      </Typography.Title>
      <Flex vertical gap="large">
        <Card
          title={t('settings.general')}
          extra={
            canManage && (
              <Button onClick={() => setRenaming(true)} aria-label={t('list.renameOf', { name: project.name })}>
                {t('actions.rename')}
              </Button>
            )
          }
        >
          <Descriptions column={{ xs: 1, md: 2 }} bordered size="small">
            <Descriptions.Item label={t('fields.name')}>{project.name}</Descriptions.Item>
            <Descriptions.Item label={t('fields.id')}>
              <Typography.Text copyable>{project.projectId}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.dataLocation')}>
              {zones.label(project.dataLocation)} <Typography.Text type="secondary">({t('settings.dataLocationFixed')})</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.createdAt')}>{display.date(project.createdAt)}</Descriptions.Item>
          </Descriptions>
        </Card>

        {appsCard?.(project.projectId)}

        <Card title={t('configFile.title')}>
          <Flex justify="space-between" align="center" gap="middle" wrap>
            <Typography.Paragraph style={{ margin: 0, maxWidth: 640 }}>{t('configFile.text')}</Typography.Paragraph>
            <Button onClick={() => void download()} loading={downloading}>
              {t('configFile.download')}
            </Button>
          </Flex>
        </Card>

        <Card title={t('members.title')}>
          <Typography.Paragraph type="secondary">{t('members.text')}</Typography.Paragraph>
          <Table<Member> rowKey="userId" size="small" columns={memberColumns} dataSource={members.data ?? []} loading={members.isPending} pagination={false} />
        </Card>

        {canManage && (
          <Card title={t('settings.danger')}>
            <Flex justify="space-between" align="center" gap="middle" wrap>
              <Typography.Paragraph style={{ margin: 0, maxWidth: 640 }}>{t('settings.deleteText')}</Typography.Paragraph>
              <Popconfirm
                title={t('delete.title', { name: project.name })}
                description={t('delete.text')}
                okText={t('actions.delete')}
                cancelText={t('actions.cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={() =>
                  remove.mutateAsync(project.projectId).then(
                    () => {
                      void message.success(t('delete.done', { name: project.name }));
                      void navigate('/projects');
                    },
                    () => undefined,
                  )
                }
              >
                <Button danger>{t('settings.delete')}</Button>
              </Popconfirm>
            </Flex>
          </Card>
        )}
      </Flex>
      <ProjectFormDialog open={renaming} project={project} onClose={() => setRenaming(false)} />
    </PageLayout>
  );
}
