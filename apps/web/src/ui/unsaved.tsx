import { useEffect, type ReactElement } from 'react';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/**
 * While a form holds unsaved edits: the browser asks before a reload or closing the tab,
 * and a move to another page of the console waits for the person to choose (stay, or
 * leave and find the edits offered back from this device's draft when they return).
 * Returns the question, for the form to render: a dialog that follows the blocker's state
 * alone, so it cannot outlive the navigation it asks about.
 */
export function useUnsavedGuard(dirty: boolean): ReactElement {
  const { t } = useTranslation();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium shows the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return (
    <Modal
      open={blocker.state === 'blocked'}
      title={t('unsaved.title')}
      okText={t('unsaved.leave')}
      cancelText={t('unsaved.stay')}
      onOk={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
      destroyOnHidden
    >
      {t('unsaved.body')}
    </Modal>
  );
}
