import { useState } from 'react';
import { App as AntApp, Button, Card, Flex, Input, Popconfirm, Segmented, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AUTH_TEMPLATE_KINDS, TEMPLATE_LANGUAGES, type AuthTemplateKind, type TemplateLanguage } from '@wharf/contract';
import { useUnsavedGuard } from '../../../ui/unsaved';
import { useResetAuthTemplate, useSetAuthTemplate } from '../api/mutations';
import { useAuthTemplates } from '../api/queries';
import { useAct } from '../../../ui/use-act';

const LANGUAGE_NAMES: Record<TemplateLanguage, string> = { cn: '中文', en: 'English', ru: 'Русский' };
// How long a code is valid, as the server words it in the message's own language.
const EXAMPLE_VALID: Record<TemplateLanguage, Record<AuthTemplateKind, string>> = {
  cn: { verifyEmail: '24 小时', resetPassword: '30 分钟', phoneCode: '10 分钟' },
  en: { verifyEmail: '24 hours', resetPassword: '30 minutes', phoneCode: '10 minutes' },
  ru: { verifyEmail: '24 ч.', resetPassword: '30 мин.', phoneCode: '10 мин.' },
};
const fillExample = (text: string, app: string, valid: string) => text.replaceAll('{{app}}', app).replaceAll('{{code}}', '123456').replaceAll('{{valid}}', valid);

/** The mails and text messages app users get, worded by the project per language, with a preview. */
export function TemplatesCard({ projectId, canManage }: { projectId: string; canManage: boolean }) {
  const { t } = useTranslation('app-users');
  const { modal } = AntApp.useApp();
  const templates = useAuthTemplates(projectId);
  const save = useSetAuthTemplate(projectId);
  const reset = useResetAuthTemplate(projectId);
  const [kind, setKind] = useState<AuthTemplateKind>('verifyEmail');
  const [language, setLanguage] = useState<TemplateLanguage>('en');
  const [draft, setDraft] = useState<{ subject: string; text: string } | null>(null);
  const saved = templates.data?.find((x) => x.kind === kind && x.language === language);
  const shown = draft ?? (saved ? { subject: saved.subject, text: saved.text } : { subject: '', text: '' });
  const dirty = draft !== null && (draft.subject !== saved?.subject || draft.text !== saved?.text);
  const unsavedGuard = useUnsavedGuard(dirty);
  const isMail = kind !== 'phoneCode';

  // Moving to another message keeps nothing half-typed by surprise: it asks first.
  const choose = (next: () => void) => {
    const go = () => {
      setDraft(null);
      next();
    };
    if (!dirty) go();
    else void modal.confirm({ title: t('templates.discard'), okText: t('templates.discardOk'), cancelText: t('templates.keep'), onOk: go });
  };
  const done = useAct();
  const act = async (work: Promise<unknown>, said: string) => {
    if (await done(work, said)) setDraft(null);
  };

  return (
    <Card title={t('templates.title')}>
      {unsavedGuard}
      {!templates.data ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : (
        <Flex vertical gap="middle">
          <Typography.Text type="secondary">{t('templates.text')}</Typography.Text>
          <Flex gap="middle" wrap>
            <Segmented<AuthTemplateKind> aria-label={t('templates.kind')} value={kind} onChange={(v) => choose(() => setKind(v))} options={AUTH_TEMPLATE_KINDS.map((k) => ({ value: k, label: t(`templates.kinds.${k}`) }))} />
            <Segmented<TemplateLanguage> aria-label={t('templates.language')} value={language} onChange={(v) => choose(() => setLanguage(v))} options={TEMPLATE_LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))} />
            {saved?.custom ? <Tag color="blue">{t('templates.custom')}</Tag> : <Tag>{t('templates.default')}</Tag>}
          </Flex>
          {isMail && (
            <Flex vertical gap={4}>
              <Typography.Text strong id="template-subject">
                {t('templates.subject')}
              </Typography.Text>
              <Input aria-labelledby="template-subject" value={shown.subject} disabled={!canManage} maxLength={200} onChange={(e) => setDraft({ ...shown, subject: e.target.value })} />
            </Flex>
          )}
          <Flex vertical gap={4}>
            <Typography.Text strong id="template-text">
              {t('templates.body')}
            </Typography.Text>
            <Input.TextArea aria-labelledby="template-text" value={shown.text} disabled={!canManage} autoSize={{ minRows: 3, maxRows: 10 }} maxLength={isMail ? 2000 : 300} showCount onChange={(e) => setDraft({ ...shown, text: e.target.value })} />
            <Typography.Text type="secondary">{t('templates.placeholders')}</Typography.Text>
          </Flex>
          <Flex vertical gap={4}>
            <Typography.Text strong>{t('templates.preview')}</Typography.Text>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', background: 'rgba(0,0,0,0.03)', padding: 12, borderRadius: 6, margin: 0 }} aria-label={t('templates.preview')}>
              {isMail && <strong>{fillExample(shown.subject, t('templates.exampleApp'), EXAMPLE_VALID[language][kind]) + '\n\n'}</strong>}
              {fillExample(shown.text, t('templates.exampleApp'), EXAMPLE_VALID[language][kind])}
            </Typography.Paragraph>
          </Flex>
          {canManage && (
            <Flex gap="small">
              <Button type="primary" disabled={!dirty} loading={save.isPending} onClick={() => void act(save.mutateAsync({ kind, language, ...shown }), t('templates.saved'))}>
                {t('providers.save')}
              </Button>
              {saved?.custom && (
                <Popconfirm title={t('templates.resetConfirm')} okText={t('templates.reset')} cancelText={t('users.cancel')} onConfirm={() => act(reset.mutateAsync({ kind, language }), t('templates.resetDone'))}>
                  <Button>{t('templates.reset')}</Button>
                </Popconfirm>
              )}
            </Flex>
          )}
        </Flex>
      )}
    </Card>
  );
}
