import { useEffect, useState, type ComponentType, type ReactElement } from 'react';
import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A family's page, fetched the first time it opens: each family's pages are chunks of
 * their own, so the console's first load parses the shell and not every family's code.
 * `pick` names the page among the module's exports.
 *
 * The page tests share one React between files (`isolate: false`), and there a page that
 * arrived after the first file's window had closed was never rendered: under test every
 * page starts loading as soon as the routes are read, as the console's single chunk did.
 */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): ReactElement {
  let page: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const fetchPage = () =>
    (loading ??= load().then(
      (module) => (page = pick(module)),
      (err: unknown) => {
        // A later visit tries again (a deploy may have replaced the chunk meanwhile).
        loading = undefined;
        throw err;
      },
    ));
  if (import.meta.env.MODE === 'test') fetchPage().catch(() => undefined);
  function LazyPage() {
    const { t } = useTranslation();
    const [state, setState] = useState<{ page?: ComponentType; failed?: boolean }>(() => ({ page }));
    useEffect(() => {
      if (state.page) return;
      let live = true;
      fetchPage().then(
        (loaded) => live && setState({ page: loaded }),
        () => live && setState({ failed: true }),
      );
      return () => {
        live = false;
      };
    }, [state.page]);
    if (state.page) return <state.page />;
    if (state.failed) {
      return <Result status="warning" title={t('app.pageLoadFailed')} extra={<Button onClick={() => window.location.reload()}>{t('app.reload')}</Button>} />;
    }
    return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  }
  return <LazyPage />;
}
