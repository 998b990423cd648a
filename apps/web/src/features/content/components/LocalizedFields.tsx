import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, type Language } from '../../../session/language';

const LANGUAGES: readonly Language[] = ['cn', 'en', 'ru'];

/** One text in each display language: every public text must exist in all three. */
export function LocalizedFields({ name, label, max, multiline = false }: { name: string; label: string; max: number; multiline?: boolean }) {
  const { t } = useTranslation('content', { keyPrefix: 'manage' });
  return (
    <Form.Item label={label} required style={{ marginBottom: 8 }}>
      {LANGUAGES.map((language) => (
        <Form.Item
          key={language}
          name={[name, language]}
          rules={[{ required: true, whitespace: true, message: t('form.required', { language: LANGUAGE_NAMES[language] }) }, { max }]}
          style={{ marginBottom: 8 }}
        >
          {multiline ? (
            <Input.TextArea aria-label={`${label} (${LANGUAGE_NAMES[language]})`} placeholder={LANGUAGE_NAMES[language]} autoSize={{ minRows: 2, maxRows: 8 }} maxLength={max} />
          ) : (
            <Input aria-label={`${label} (${LANGUAGE_NAMES[language]})`} placeholder={LANGUAGE_NAMES[language]} maxLength={max} />
          )}
        </Form.Item>
      ))}
    </Form.Item>
  );
}
