import type { ReactNode } from 'react';
import { Layout, Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { groupByCategory, serviceName, serviceRoute, useServiceCatalogue, type ServiceEntry } from '../../features/console';
import type { Language } from '../../session/language';

interface FixedItem {
  key: string;
  label: string;
}

/**
 * A project's or an app's frame: a side menu of the services of that scope by category
 * (only services that exist appear), a heading, and the page. Fixed items (project
 * settings) come first.
 */
export function SideMenuLayout(props: {
  scope: ServiceEntry['scope'];
  ids: { projectId?: string; appId?: string };
  fixed?: FixedItem[];
  heading: ReactNode;
  children: ReactNode;
  menuLabel: string;
}) {
  const { i18n } = useTranslation();
  const language = i18n.language as Language;
  const navigate = useNavigate();
  const location = useLocation();
  const catalogue = useServiceCatalogue();
  const groups = groupByCategory(catalogue.data ?? [], props.scope);
  const items: MenuProps['items'] = [
    ...(props.fixed ?? []).map((item) => ({ key: item.key, label: item.label })),
    ...groups.map((group) => ({
      key: `category:${group.category.id}`,
      type: 'group' as const,
      label: group.category.names[language],
      children: group.services.map((service) => ({ key: serviceRoute(service, props.ids), label: serviceName(service, language) })),
    })),
  ];
  const keys = [...(props.fixed ?? []).map((f) => f.key), ...groups.flatMap((g) => g.services.map((s) => serviceRoute(s, props.ids)))];
  const selected = keys.filter((key) => location.pathname === key || location.pathname.startsWith(`${key}/`));
  return (
    <Layout hasSider style={{ flex: 1 }}>
      <Layout.Sider width={232} theme="light" style={{ borderInlineEnd: '1px solid #f0f0f0' }}>
        <Menu
          mode="inline"
          aria-label={props.menuLabel}
          items={items}
          selectedKeys={selected}
          onClick={({ key }) => void navigate(key)}
          style={{ borderInlineEnd: 0, paddingTop: 8 }}
        />
      </Layout.Sider>
      <Layout.Content style={{ padding: '24px 32px', minWidth: 0 }}>
        <div style={{ marginBottom: 16 }}>{props.heading}</div>
        {props.children}
      </Layout.Content>
    </Layout>
  );
}
