import { useEffect, useRef } from 'react';
import { Result, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { routeModeOfHash } from '@wharf/rules';
import { serviceName, useRouteAppId, useServiceCatalogue } from '../../features/console';
import { postToTop } from '../../request/bridge';
import { setSessionValue } from '../../session/store';
import type { Language } from '../../session/language';

/**
 * Embedded app mode (#/app/<page>?appId=...): one app's pages with minimal chrome, for an
 * iframe in another product. The app's services become tabs; the framing page is told of
 * each page change and of the content's height through the postMessage bridge.
 */
export function EmbeddedAppLayout() {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const location = useLocation();
  const navigate = useNavigate();
  const catalogue = useServiceCatalogue();
  const appId = useRouteAppId();
  const page = location.pathname.split('/').filter(Boolean).at(-1) ?? '';
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (appId) setSessionValue('appInfo', { appID: appId });
    postToTop('pageChange', { pageId: routeModeOfHash(window.location.hash).pageId, appId });
  }, [appId, page]);

  useEffect(() => {
    const node = box.current;
    if (!node || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => postToTop('resize', { height: node.scrollHeight }));
    observer.observe(node);
    return () => observer.disconnect();
  }, []);

  if (!appId) return <Result status="warning" title={t('embedded.noApp')} subTitle={t('embedded.noAppHint')} />;
  const services = (catalogue.data ?? []).filter((s) => s.scope === 'app');
  const pageOf = (route: string) => route.split('/').at(-1) ?? '';
  return (
    <div ref={box} style={{ padding: '8px 16px' }}>
      <Tabs
        activeKey={page}
        onChange={(key) => void navigate(`/app/${key}?appId=${encodeURIComponent(appId)}`)}
        items={services.map((s) => ({ key: pageOf(s.route), label: serviceName(s, language) }))}
      />
      <Outlet />
    </div>
  );
}
