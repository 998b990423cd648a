import { useEffect } from 'react';
import { App as AntApp } from 'antd';
import { useTranslation } from 'react-i18next';
import { requestClient } from '../../request/call';

const ERROR_BOX_KEY = 'wharf-request-error';

/**
 * Connects the request layer to antd (inside its App context, so boxes follow the theme
 * and language): one error box (a new error replaces the one shown) and the risk dialog.
 */
export function RequestUiBridge() {
  const { message, modal } = AntApp.useApp();
  const { t } = useTranslation();
  useEffect(() => {
    requestClient().setUi(
      {
        errorBox: (text) => void message.error({ key: ERROR_BOX_KEY, content: text, duration: 6 }),
        riskDialog: (text) => void modal.warning({ title: t('errors.riskTitle'), content: text, okText: t('errors.ok') }),
      },
      (key, vars) => t(key, vars),
    );
  }, [message, modal, t]);
  return null;
}
