import { useState } from 'react';
import { App as AntApp, Button, Flex, Popconfirm, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Role } from '@wharf/contract';
import { customRoleId } from '../assignment';
import { useDeleteRole } from '../hooks';
import { permissionLabel } from '../permissions';
import { roleLabel } from '../roles';
import { RoleEditorDialog } from './RoleEditorDialog';

/** Built-in and custom roles with their permissions; managers create and edit custom ones. */
export function RolesTab({ roles, loading, canManage }: { roles: readonly Role[]; loading: boolean; canManage: boolean }) {
  const { t } = useTranslation('team');
  const { message } = AntApp.useApp();
  const [editor, setEditor] = useState<{ open: boolean; role: Role | null }>({ open: false, role: null });
  const remove = useDeleteRole();
  const hasCustom = roles.some((r) => !r.builtIn);

  return (
    <>
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }} gap="middle" wrap>
        <Typography.Text type="secondary">{hasCustom || !canManage ? t('roles.lead') : t('roles.noCustom')}</Typography.Text>
        {canManage && (
          <Button type="primary" onClick={() => setEditor({ open: true, role: null })} data-report-click="team.createRole">
            {t('roles.create')}
          </Button>
        )}
      </Flex>
      <Table<Role>
        rowKey="key"
        dataSource={[...roles]}
        loading={loading}
        pagination={false}
        columns={[
          {
            key: 'name',
            title: t('fields.roleName'),
            width: 220,
            render: (_: unknown, r: Role) => (
              <Space orientation="vertical" size={2}>
                <Typography.Text strong>{roleLabel(r.key, t, roles)}</Typography.Text>
                <Tag color={r.builtIn ? 'default' : 'purple'}>{r.builtIn ? t('roles.builtInTag') : t('roles.customTag')}</Tag>
              </Space>
            ),
          },
          {
            key: 'permissions',
            title: t('fields.permissions'),
            render: (_: unknown, r: Role) => (
              <Space size={[4, 4]} wrap>
                {r.permissions.map((p) => (
                  <Tag key={p}>{permissionLabel(p, t)}</Tag>
                ))}
              </Space>
            ),
          },
          { key: 'members', title: t('roles.members'), width: 100, dataIndex: 'memberCount' },
          ...(canManage
            ? [
                {
                  key: 'actions',
                  title: t('members.actions'),
                  width: 180,
                  render: (_: unknown, r: Role) =>
                    r.builtIn ? null : (
                      <Space>
                        <Button size="small" onClick={() => setEditor({ open: true, role: r })} aria-label={t('roles.editOf', { name: r.name })}>
                          {t('actions.edit')}
                        </Button>
                        {r.memberCount > 0 ? (
                          <Tooltip title={t('roles.inUse', { count: r.memberCount })}>
                            <Button size="small" danger disabled>
                              {t('actions.delete')}
                            </Button>
                          </Tooltip>
                        ) : (
                          <Popconfirm
                            title={t('roles.deleteTitle', { name: r.name })}
                            okText={t('actions.delete')}
                            cancelText={t('actions.cancel')}
                            okButtonProps={{ danger: true }}
                            onConfirm={() =>
                              remove.mutateAsync(customRoleId(r.key) ?? '').then(
                                () => void message.success(t('roles.deleted', { name: r.name })),
                                () => undefined,
                              )
                            }
                          >
                            <Button size="small" danger aria-label={t('roles.deleteOf', { name: r.name })}>
                              {t('actions.delete')}
                            </Button>
                          </Popconfirm>
                        )}
                      </Space>
                    ),
                },
              ]
            : []),
        ]}
      />
      <RoleEditorDialog open={editor.open} role={editor.role} onClose={() => setEditor({ open: false, role: null })} />
    </>
  );
}
