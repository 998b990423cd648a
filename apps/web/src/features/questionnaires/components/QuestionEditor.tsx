import { Button, Card, Flex, Input, InputNumber, Select, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { QUESTION_KINDS, type Question } from '@wharf/rules';

const newId = (prefix: string, taken: readonly string[]) => {
  for (let n = 1; ; n += 1) if (!taken.includes(`${prefix}${n}`)) return `${prefix}${n}`;
};

export function newQuestion(taken: readonly string[]): Question {
  return { id: newId('q', taken), kind: 'single', title: '', required: false, options: [{ id: 'o1', label: '' }, { id: 'o2', label: '' }], scale: null, showIf: null };
}

/** One question: its kind, text, options or scale, whether it is required, and when it shows. */
export function QuestionEditor(p: { index: number; question: Question; earlier: readonly Question[]; onChange: (q: Question) => void; onRemove: () => void; onMove: (by: -1 | 1) => void; last: boolean }) {
  const { t } = useTranslation('questionnaires');
  const q = p.question;
  const set = (patch: Partial<Question>) => p.onChange({ ...q, ...patch });
  const setKind = (kind: Question['kind']) => {
    const choice = kind === 'single' || kind === 'multiple';
    set({ kind, options: choice ? (q.options.length ? q.options : newQuestion([]).options) : [], scale: kind === 'scale' ? (q.scale ?? { min: 0, max: 10, minLabel: '', maxLabel: '' }) : null });
  };
  const choices = p.earlier.filter((x) => x.kind === 'single' || x.kind === 'multiple');
  const on = choices.find((x) => x.id === q.showIf?.questionId);
  return (
    <Card size="small" data-testid="question-editor" title={t('editor.questionN', { n: p.index + 1 })} extra={<Space><Button size="small" disabled={p.index === 0} onClick={() => p.onMove(-1)} aria-label={t('editor.up')}>↑</Button><Button size="small" disabled={p.last} onClick={() => p.onMove(1)} aria-label={t('editor.down')}>↓</Button><Button size="small" danger onClick={p.onRemove}>{t('editor.removeQuestion')}</Button></Space>}>
      <Flex vertical gap={8}>
        <Flex gap={8} wrap>
          <Select aria-label={t('editor.kind')} style={{ width: 200 }} value={q.kind} onChange={setKind} options={QUESTION_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))} />
          <Space>
            <Switch aria-label={t('editor.required')} checked={q.required} onChange={(required) => set({ required })} />
            <Typography.Text>{t('editor.required')}</Typography.Text>
          </Space>
        </Flex>
        <Input aria-label={t('editor.questionText', { n: p.index + 1 })} placeholder={t('editor.questionText', { n: p.index + 1 })} maxLength={300} value={q.title} onChange={(e) => set({ title: e.target.value })} />
        {(q.kind === 'single' || q.kind === 'multiple') && (
          <Flex vertical gap={6}>
            {q.options.map((o, i) => (
              <Flex key={o.id} gap={6}>
                <Input aria-label={t('editor.optionN', { q: p.index + 1, n: i + 1 })} placeholder={t('editor.optionN', { q: p.index + 1, n: i + 1 })} maxLength={120} value={o.label} onChange={(e) => set({ options: q.options.map((x) => (x.id === o.id ? { ...x, label: e.target.value } : x)) })} />
                <Button disabled={q.options.length <= 2} onClick={() => set({ options: q.options.filter((x) => x.id !== o.id) })} aria-label={t('editor.removeOption')}>
                  ×
                </Button>
              </Flex>
            ))}
            <Button size="small" disabled={q.options.length >= 20} onClick={() => set({ options: [...q.options, { id: newId('o', q.options.map((x) => x.id)), label: '' }] })} style={{ alignSelf: 'start' }}>
              {t('editor.addOption')}
            </Button>
          </Flex>
        )}
        {q.kind === 'scale' && q.scale && (
          <Flex gap={8} wrap align="center">
            <InputNumber aria-label={t('editor.scaleMin')} min={0} max={9} value={q.scale.min} onChange={(v) => set({ scale: { ...q.scale!, min: v ?? 0 } })} />
            <Input aria-label={t('editor.scaleMinLabel')} placeholder={t('editor.scaleMinLabel')} style={{ width: 160 }} maxLength={60} value={q.scale.minLabel} onChange={(e) => set({ scale: { ...q.scale!, minLabel: e.target.value } })} />
            <InputNumber aria-label={t('editor.scaleMax')} min={1} max={10} value={q.scale.max} onChange={(v) => set({ scale: { ...q.scale!, max: v ?? 10 } })} />
            <Input aria-label={t('editor.scaleMaxLabel')} placeholder={t('editor.scaleMaxLabel')} style={{ width: 160 }} maxLength={60} value={q.scale.maxLabel} onChange={(e) => set({ scale: { ...q.scale!, maxLabel: e.target.value } })} />
          </Flex>
        )}
        {choices.length > 0 && (
          <Flex gap={8} wrap align="center">
            <Typography.Text type="secondary">{t('editor.showIf')}</Typography.Text>
            <Select aria-label={t('editor.showIfQuestion', { n: p.index + 1 })} style={{ width: 240 }} value={q.showIf?.questionId ?? 'always'} onChange={(v: string) => set({ showIf: v === 'always' ? null : { questionId: v, optionIds: [] } })} options={[{ value: 'always', label: t('editor.always') }, ...choices.map((x) => ({ value: x.id, label: x.title || x.id }))]} />
            {on && (
              <Select mode="multiple" aria-label={t('editor.showIfOptions', { n: p.index + 1 })} placeholder={t('editor.showIfOptions', { n: p.index + 1 })} style={{ minWidth: 240 }} value={q.showIf!.optionIds} onChange={(optionIds: string[]) => set({ showIf: { questionId: on.id, optionIds } })} options={on.options.map((o) => ({ value: o.id, label: o.label || o.id }))} />
            )}
          </Flex>
        )}
      </Flex>
    </Card>
  );
}
