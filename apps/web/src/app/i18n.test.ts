import { describe, expect, it } from 'vitest';
import { createI18n, loadLanguage, switchLanguage } from './i18n';

describe('strings by language', () => {
  it('loads a language once, with the console’s strings and every family’s', async () => {
    const ru = await loadLanguage('ru');
    expect(await loadLanguage('ru')).toBe(ru);
    expect(ru.common).toMatchObject({ app: { reload: 'Перезагрузить' } });
    expect(Object.keys(ru)).toEqual(expect.arrayContaining(['common', 'versions', 'remote-config']));
  });

  it('switches to a language the page has not had yet, fetching its strings', async () => {
    const i18n = createI18n('en');
    for (const ns of Object.keys(await loadLanguage('ru'))) i18n.removeResourceBundle('ru', ns);
    expect(i18n.hasResourceBundle('ru', 'common')).toBe(false);
    await switchLanguage(i18n, 'ru');
    expect(i18n.language).toBe('ru');
    expect(i18n.t('app.reload')).toBe('Перезагрузить');
    expect(document.documentElement.lang).toBe('ru');
  });
});
