import { useState } from 'react';
import { App as AntApp, Alert, Button, Card, Col, Flex, Input, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Questionnaire } from '@wharf/contract';
import { questionsProblem, type Answers, type Question } from '@wharf/rules';
import { deviceDraft } from '../../../ui/device-draft';
import { useUnsavedGuard } from '../../../ui/unsaved';
import { useSaveQuestionnaire } from '../hooks';
import { AnswerForm } from './AnswerForm';
import { newQuestion, QuestionEditor } from './QuestionEditor';

interface Content {
  title: string;
  description: string;
  questions: Question[];
}
/** A questionnaire being written, kept on this device until it is saved. */
const drafts = deviceDraft<Content>('questionnaireDraft', (v) => (typeof v === 'object' && v !== null && Array.isArray((v as Content).questions) ? (v as Content) : null));

const same = (a: Content, b: Content) => JSON.stringify(a) === JSON.stringify(b);

/** Writes a new questionnaire or a draft: its questions on the left, the respondent's view on the right. */
export function QuestionnaireEditor({ appId, questionnaire, onDone }: { appId: string; questionnaire: Questionnaire | null; onDone: () => void }) {
  const { t } = useTranslation('questionnaires');
  const { message } = AntApp.useApp();
  const key = `${appId}.${questionnaire?.questionnaireId ?? 'new'}`;
  const saved: Content = questionnaire ? { title: questionnaire.title, description: questionnaire.description, questions: questionnaire.questions } : { title: '', description: '', questions: [newQuestion([])] };
  const [content, setContent] = useState<Content>(() => drafts.read(key) ?? saved);
  const [preview, setPreview] = useState<Answers>({});
  const save = useSaveQuestionnaire();
  const dirty = !same(content, saved);
  const guard = useUnsavedGuard(dirty);
  const change = (next: Content) => {
    setContent(next);
    if (same(next, saved)) drafts.drop(key);
    else drafts.keep(key, next);
  };
  const setQuestion = (i: number, q: Question) => change({ ...content, questions: content.questions.map((x, k) => (k === i ? q : x)) });
  const move = (i: number, by: -1 | 1) => {
    const qs = [...content.questions];
    [qs[i], qs[i + by]] = [qs[i + by]!, qs[i]!];
    // A condition must name an earlier question: one that would not is dropped.
    change({ ...content, questions: qs.map((q, k) => (q.showIf && !qs.slice(0, k).some((x) => x.id === q.showIf!.questionId) ? { ...q, showIf: null } : q)) });
  };
  const remove = (i: number) => {
    const gone = content.questions[i]!.id;
    change({ ...content, questions: content.questions.filter((_, k) => k !== i).map((q) => (q.showIf?.questionId === gone ? { ...q, showIf: null } : q)) });
  };
  const incomplete = !content.title.trim() || content.questions.some((q) => !q.title.trim() || q.options.some((o) => !o.label.trim()) || (q.showIf && !q.showIf.optionIds.length));
  const problem = questionsProblem(content.questions);
  const submit = () =>
    save.mutate(
      { id: questionnaire?.questionnaireId ?? null, body: { appId, title: content.title.trim(), description: content.description.trim(), questions: content.questions } },
      {
        onSuccess: () => {
          drafts.drop(key);
          void message.success(t('editor.saved'));
          onDone();
        },
      },
    );
  return (
    <Row gutter={[16, 16]}>
      {guard}
      <Col xs={24} xl={14}>
        <Flex vertical gap={12}>
          <Input aria-label={t('editor.title')} placeholder={t('editor.title')} maxLength={120} value={content.title} onChange={(e) => change({ ...content, title: e.target.value })} />
          <Input.TextArea aria-label={t('editor.description')} placeholder={t('editor.description')} maxLength={1000} rows={2} value={content.description} onChange={(e) => change({ ...content, description: e.target.value })} />
          {content.questions.map((q, i) => (
            <QuestionEditor key={q.id} index={i} question={q} earlier={content.questions.slice(0, i)} last={i === content.questions.length - 1} onChange={(x) => setQuestion(i, x)} onRemove={() => remove(i)} onMove={(by) => move(i, by)} />
          ))}
          <Button disabled={content.questions.length >= 50} onClick={() => change({ ...content, questions: [...content.questions, newQuestion(content.questions.map((q) => q.id))] })}>
            {t('editor.addQuestion')}
          </Button>
          {problem && !incomplete && <Alert type="warning" showIcon title={t('editor.problem')} />}
          <Flex gap={8} justify="end">
            <Button onClick={onDone}>{t('editor.back')}</Button>
            <Button type="primary" disabled={incomplete || problem !== null || (!dirty && questionnaire !== null)} loading={save.isPending} onClick={submit}>
              {t('editor.save')}
            </Button>
          </Flex>
        </Flex>
      </Col>
      <Col xs={24} xl={10}>
        <Card title={t('editor.preview')} size="small" style={{ position: 'sticky', top: 16 }}>
          <Typography.Title level={4} style={{ marginTop: 0 }}>
            {content.title || t('editor.untitled')}
          </Typography.Title>
          <AnswerForm questions={content.questions} answers={preview} onChange={setPreview} />
        </Card>
      </Col>
    </Row>
  );
}
