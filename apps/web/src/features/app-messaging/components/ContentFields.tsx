import { Button, Flex, Form, Input, Select, Tabs, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, linkTargetProblem, MESSAGE_LIMITS, type Language } from '@wharf/rules';
import { languageName } from '../../apps/public';
import { useMessageChanges } from '../api/mutations';
import type { MessageFormValues } from './message-form';

/** A message's content per language: title, body, picture and buttons, a tab each; a select adds a language. */
export function ContentFields({ appId, active, onActive }: { appId: string; active: string; onActive: (language: string) => void }) {
  const { t, i18n } = useTranslation('app-messaging');
  const form = Form.useFormInstance<MessageFormValues>();
  const contents = Form.useWatch('contents', form) ?? [];
  const kind = Form.useWatch('kind', form);
  const upload = useMessageChanges(appId).uploadImage;
  const used = new Set(contents.map((c) => c?.language));
  return (
    <Form.List name="contents">
      {(fields, { add, remove }) => (
        <>
          <Tabs
            type="editable-card"
            hideAdd
            activeKey={active}
            onChange={onActive}
            onEdit={(key, action) => {
              if (action !== 'remove' || contents.length < 2) return;
              const i = contents.findIndex((c) => c?.language === key);
              if (i >= 0) remove(i);
              onActive(contents.find((c) => c?.language !== key)?.language ?? '');
            }}
            items={fields.map((field) => {
              const language = contents[field.name]?.language ?? '';
              return {
                key: language,
                label: languageName(language, i18n.language as Language),
                closable: fields.length > 1,
                forceRender: true,
                children: (
                  <Flex vertical>
                    <Form.Item name={[field.name, 'language']} hidden>
                      <Input />
                    </Form.Item>
                    <Form.Item name={[field.name, 'title']} label={t('content.title')}>
                      <Input maxLength={MESSAGE_LIMITS.title} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'body']} label={t('content.body')}>
                      <Input.TextArea maxLength={MESSAGE_LIMITS.body} rows={3} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'imageObjectId']} label={t('content.image')} extra={t(kind === 'image' ? 'content.imageNeeded' : 'content.imageHelp')}>
                      <ImagePicker uploading={upload.isPending} onPick={async (file) => form.setFieldValue(['contents', field.name, 'imageObjectId'], await upload.mutateAsync(file))} onClear={() => form.setFieldValue(['contents', field.name, 'imageObjectId'], null)} />
                    </Form.Item>
                    <Form.List name={[field.name, 'buttons']}>
                      {(buttons, b) => (
                        <Flex vertical gap={4}>
                          {buttons.map((button) => (
                            <Flex key={button.key} gap="small" align="start" wrap>
                              <Form.Item name={[button.name, 'text']} label={t('content.buttonText')} style={{ width: 150 }}>
                                <Input maxLength={MESSAGE_LIMITS.buttonText} />
                              </Form.Item>
                              <Form.Item name={[button.name, 'action']} label={t('content.action')} style={{ width: 150 }}>
                                <Select options={(['dismiss', 'deepLink', 'url'] as const).map((a) => ({ value: a, label: t(`action.${a}`) }))} />
                              </Form.Item>
                              <Form.Item
                                name={[button.name, 'target']}
                                label={t('content.target')}
                                style={{ flex: 1, minWidth: 180 }}
                                rules={[{ validator: async (_r, v: string | null) => { if (v && v.trim() && linkTargetProblem(v.trim(), []) !== null) throw new Error(t('content.targetRule')); } }]}
                              >
                                <Input maxLength={2048} placeholder="https://" />
                              </Form.Item>
                              <Button type="text" danger onClick={() => b.remove(button.name)} style={{ marginTop: 30 }} aria-label={t('content.removeButton')}>
                                ×
                              </Button>
                            </Flex>
                          ))}
                          {buttons.length < (kind === 'popup' ? MESSAGE_LIMITS.popupButtons : 1) && (
                            <Button size="small" onClick={() => b.add({ text: '', action: 'dismiss', target: null })} style={{ alignSelf: 'start' }}>
                              {t(kind === 'popup' ? 'content.addButton' : 'content.addTap')}
                            </Button>
                          )}
                        </Flex>
                      )}
                    </Form.List>
                  </Flex>
                ),
              };
            })}
          />
          <Select
            aria-label={t('content.addLanguage')}
            placeholder={t('content.addLanguage')}
            showSearch
            optionFilterProp="label"
            value={null}
            style={{ width: 260, marginTop: 12 }}
            options={LANGUAGES.filter((l) => !used.has(l.key)).map((l) => ({ value: l.key, label: languageName(l.key, i18n.language as Language) }))}
            onChange={(language: string) => {
              // A new language starts with the buttons (and picture) of the one being edited: same actions, texts to translate.
              const from = contents.find((c) => c?.language === active) ?? contents[0];
              add({ language, title: '', body: '', imageObjectId: from?.imageObjectId ?? null, buttons: (from?.buttons ?? []).map((b) => ({ ...b })) });
              onActive(language);
            }}
          />
        </>
      )}
    </Form.List>
  );
}

function ImagePicker({ value, uploading, onPick, onClear }: { value?: string | null; uploading: boolean; onPick: (file: File) => Promise<void>; onClear: () => void }) {
  const { t } = useTranslation('app-messaging');
  return (
    <Flex gap="small" align="center">
      <Upload accept="image/png,image/jpeg,image/webp" showUploadList={false} beforeUpload={(file) => (void onPick(file), false)}>
        <Button loading={uploading}>{t(value ? 'content.replaceImage' : 'content.pickImage')}</Button>
      </Upload>
      {value && <Button type="link" onClick={onClear}>{t('content.removeImage')}</Button>}
    </Flex>
  );
}
