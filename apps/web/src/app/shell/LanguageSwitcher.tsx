import { App as AntApp, Button, Dropdown, type MenuProps } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { chooseLanguage, LANGUAGE_NAMES, type Language } from '../../session/language';
import { LANGUAGES, switchLanguage } from '../i18n';

/**
 * The header's language menu. Switching needs no reload: strings, antd, dates and the
 * request layer's language header follow at once; the choice is saved for later visits,
 * where it wins over the site's path. Server-made texts are fetched again in the new language.
 */
export function LanguageSwitcher({ dark = true }: { dark?: boolean }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { message } = AntApp.useApp();
  const current = i18n.language as Language;
  const items: MenuProps['items'] = LANGUAGES.map((language) => ({
    key: language,
    label: <span lang={language === 'cn' ? 'zh-CN' : language}>{LANGUAGE_NAMES[language]}</span>,
  }));
  const onClick: MenuProps['onClick'] = ({ key }) => {
    const language = key as Language;
    if (language === current) return;
    chooseLanguage(language);
    // What was just said in the old language goes with it.
    message.destroy();
    void switchLanguage(i18n, language).then(() => queryClient.invalidateQueries());
  };
  return (
    <Dropdown menu={{ items, onClick, selectable: true, selectedKeys: [current] }} trigger={['click']} placement="bottomRight">
      <Button type="text" aria-label={t('language.label')} style={dark ? { color: '#fff' } : undefined}>
        {LANGUAGE_NAMES[current] ?? current}
      </Button>
    </Dropdown>
  );
}
