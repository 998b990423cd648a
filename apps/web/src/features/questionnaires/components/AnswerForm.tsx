import { Checkbox, Flex, Form, Input, Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { visibleQuestions, type Answer, type Answers, type Question } from '@wharf/rules';

/**
 * The questions a respondent sees with their answers so far: a question shown only after a
 * chosen answer appears as soon as that answer is chosen (the rule the server checks too).
 */
export function AnswerForm({ questions, answers, onChange, disabled }: { questions: readonly Question[]; answers: Answers; onChange: (next: Answers) => void; disabled?: boolean }) {
  const { t } = useTranslation('questionnaires');
  const visible = visibleQuestions(questions, answers);
  const set = (id: string, value: Answer | undefined) => {
    const next = { ...answers };
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) delete next[id];
    else next[id] = value;
    // Answers to questions no longer shown are dropped, as the server would refuse them.
    const shown = new Set(visibleQuestions(questions, next).map((q) => q.id));
    onChange(Object.fromEntries(Object.entries(next).filter(([k]) => shown.has(k))));
  };
  return (
    <Form layout="vertical" disabled={disabled}>
      {visible.map((q, i) => (
        <Form.Item key={q.id} required={q.required} label={`${i + 1}. ${q.title}`} data-testid="answer-question">
          {q.kind === 'single' && (
            <Radio.Group aria-label={q.title} value={answers[q.id]} onChange={(e) => set(q.id, e.target.value as string)}>
              <Space orientation="vertical">
                {q.options.map((o) => (
                  <Radio key={o.id} value={o.id}>
                    {o.label}
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          )}
          {q.kind === 'multiple' && (
            <Checkbox.Group aria-label={q.title} value={(answers[q.id] as string[] | undefined) ?? []} onChange={(v) => set(q.id, v as string[])}>
              <Space orientation="vertical">
                {q.options.map((o) => (
                  <Checkbox key={o.id} value={o.id}>
                    {o.label}
                  </Checkbox>
                ))}
              </Space>
            </Checkbox.Group>
          )}
          {q.kind === 'scale' && q.scale && (
            <Flex vertical style={{ maxWidth: 480 }}>
              <Radio.Group aria-label={q.title} value={answers[q.id]} onChange={(e) => set(q.id, e.target.value as number)} optionType="button" size="small">
                {Array.from({ length: q.scale.max - q.scale.min + 1 }, (_, k) => q.scale!.min + k).map((v) => (
                  <Radio.Button key={v} value={v}>
                    {v}
                  </Radio.Button>
                ))}
              </Radio.Group>
              <Flex justify="space-between">
                <Typography.Text type="secondary">{q.scale.minLabel}</Typography.Text>
                <Typography.Text type="secondary">{q.scale.maxLabel}</Typography.Text>
              </Flex>
            </Flex>
          )}
          {q.kind === 'text' && <Input.TextArea aria-label={q.title} rows={3} maxLength={2000} value={(answers[q.id] as string | undefined) ?? ''} onChange={(e) => set(q.id, e.target.value)} placeholder={t('answer.textHint')} />}
        </Form.Item>
      ))}
    </Form>
  );
}

