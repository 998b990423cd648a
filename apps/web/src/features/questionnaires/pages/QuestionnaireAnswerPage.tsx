import { useState } from 'react';
import { Alert, Button, Card, Flex, Result, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { answersProblem, type Answers } from '@wharf/rules';
import { AnswerForm } from '../components/AnswerForm';
import { useAnswer, usePublicQuestionnaire } from '../hooks';

/** One token per browser and questionnaire, kept on this device: the server takes one answer per token. */
function respondentToken(id: string): string {
  const key = `wharf.respondent.${id}`;
  try {
    const kept = localStorage.getItem(key);
    if (kept) return kept;
    const made = crypto.randomUUID();
    localStorage.setItem(key, made);
    return made;
  } catch {
    return crypto.randomUUID();
  }
}

/** The page a questionnaire's link opens: no account needed, one answer per browser. */
export function QuestionnaireAnswerPage() {
  const { questionnaireId = '' } = useParams();
  const { t } = useTranslation('questionnaires');
  const page = usePublicQuestionnaire(questionnaireId);
  const send = useAnswer(questionnaireId);
  const [answers, setAnswers] = useState<Answers>({});
  const [done, setDone] = useState(false);
  if (page.isPending) return <Card style={{ maxWidth: 720, margin: '24px auto' }}><Skeleton active /></Card>;
  if (!page.data) return <Result status="404" title={t('answer.unavailable')} subTitle={t('answer.unavailableHint')} />;
  const q = page.data.questionnaire;
  const problem = answersProblem(q.questions, answers);
  if (done) return <Result status="success" title={t('answer.thanks')} subTitle={q.title} />;
  return (
    <Card style={{ maxWidth: 720, margin: '24px auto' }} data-testid="answer-page">
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        {q.title}
      </Typography.Title>
      {q.description && <Typography.Paragraph type="secondary" style={{ whiteSpace: 'pre-wrap' }}>{q.description}</Typography.Paragraph>}
      <AnswerForm questions={q.questions} answers={answers} onChange={setAnswers} disabled={send.isPending} />
      {send.isError && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={send.error.message} />}
      <Flex justify="end">
        <Button type="primary" disabled={problem !== null} loading={send.isPending} onClick={() => send.mutate({ respondentToken: respondentToken(questionnaireId), answers }, { onSuccess: () => setDone(true) })}>
          {t('answer.submit')}
        </Button>
      </Flex>
    </Card>
  );
}
