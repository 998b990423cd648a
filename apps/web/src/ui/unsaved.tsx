import { useEffect, useRef } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/**
 * While a form holds unsaved edits: the browser asks before a reload or closing the tab,
 * and a move to another page of the console waits for the person to choose (stay, or
 * leave and find the edits offered back from this device's draft when they return).
 */
export function useUnsavedGuard(dirty: boolean): void {
  const { t } = useTranslation();
  const { modal } = App.useApp();
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

  // The blocker is a new object on every render; the dialog follows its state only.
  const current = useRef(blocker);
  current.current = blocker;
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const dialog = modal.confirm({
      title: t('unsaved.title'),
      content: t('unsaved.body'),
      okText: t('unsaved.leave'),
      cancelText: t('unsaved.stay'),
      onOk: () => current.current.proceed?.(),
      onCancel: () => current.current.reset?.(),
    });
    return () => dialog.destroy();
  }, [blocker.state, modal, t]);
}
