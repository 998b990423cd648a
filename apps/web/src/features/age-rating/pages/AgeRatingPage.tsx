import { useState } from 'react';
import { App as AntApp, Alert, Button, Card, Empty, Flex, Form, Popconfirm, Radio, Skeleton, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AppAgeRating } from '@wharf/contract';
import { AGE_QUESTIONS } from '@wharf/rules';
import { PageLayout } from '../../../app/pages/PageLayout';
import { useRouteAppId } from '../../console/public';
import { usePermissions } from '../../team/public';
import { useDisplay } from '../../../session/display';
import { StatusResult } from '../../../ui/StatusResult';
import { useUnsavedGuard } from '../../../ui/unsaved';
import { AgeBadges } from '../components/AgeBadges';
import { answersDraft, complete, declarationOf, INTERACTIVE, QUESTIONS, sameAnswers, type PartialAnswers } from '../components/answers-draft';
import { useAgeRating, useCancelAgeRating, useSaveAgeRating } from '../hooks';

/** The app's age-rating questionnaire, every authority's rating as the answers change, and its review after release. */
export function AgeRatingPage() {
  const appId = useRouteAppId();
  const { t } = useTranslation('age-rating');
  const rating = useAgeRating(appId);
  if (rating.isPending) return <Skeleton active />;
  if (!rating.data) return <StatusResult status="404" title={t('page.notFound')} />;
  return <Questionnaire key={appId} rating={rating.data.rating} />;
}

function Questionnaire({ rating }: { rating: AppAgeRating }) {
  const { t } = useTranslation('age-rating');
  const { message } = AntApp.useApp();
  const display = useDisplay();
  const canManage = usePermissions().can('app.manage');
  const saved: PartialAnswers = rating.pending?.answers ?? rating.current?.answers ?? {};
  const [answers, setAnswers] = useState<PartialAnswers>(() => answersDraft.read(rating.appId) ?? saved);
  const save = useSaveAgeRating();
  const cancel = useCancelAgeRating();
  const dirty = !sameAnswers(answers, saved);
  const guard = useUnsavedGuard(dirty && canManage);
  const done = complete(answers);
  const left = QUESTIONS.filter((q) => answers[q] === undefined).length;

  const change = (next: PartialAnswers) => {
    setAnswers(next);
    if (sameAnswers(next, saved)) answersDraft.drop(rating.appId);
    else answersDraft.keep(rating.appId, next);
  };
  const onSave = () =>
    done &&
    save.mutate(
      { appId: rating.appId, answers: done },
      {
        onSuccess: (r) => {
          answersDraft.drop(rating.appId);
          void message.success(r.taskId ? t('actions.submitted') : t('actions.saved'));
        },
      },
    );

  return (
    <PageLayout>
      {guard}
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        {t('page.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('page.subtitle')}</Typography.Paragraph>
      {rating.rejection && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={t('page.rejected', { comment: rating.rejection.comment })} />}
      {rating.pending && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('page.pending', { age: rating.pending.age, date: display.dateTime(rating.pending.submittedAt) })}
          action={
            canManage && (
              <Popconfirm title={t('actions.takeBackConfirm')} onConfirm={() => cancel.mutate(rating.appId, { onSuccess: () => answersDraft.drop(rating.appId) })}>
                <Button size="small" loading={cancel.isPending}>
                  {t('actions.takeBack')}
                </Button>
              </Popconfirm>
            )
          }
        />
      )}
      <Card title={t('page.inEffect')} style={{ marginBottom: 16 }} data-testid="age-in-effect">
        {rating.current ? <AgeBadges declaration={rating.current} /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('page.none')} />}
      </Card>
      <Flex gap="large" wrap align="start">
        <Card title={t('form.title')} style={{ flex: '2 1 420px' }}>
          <Form layout="vertical" disabled={!canManage}>
            {QUESTIONS.map((q) => (
              <Form.Item key={q} label={t(`question.${q}.title`)} extra={t(`question.${q}.hint`)}>
                <Radio.Group aria-label={t(`question.${q}.title`)} value={answers[q]} onChange={(e) => change({ ...answers, [q]: e.target.value })}>
                  <Space orientation="vertical">
                    {AGE_QUESTIONS[q].map((o) => (
                      <Radio key={o} value={o}>
                        {t(`question.${q}.${o}`)}
                      </Radio>
                    ))}
                  </Space>
                </Radio.Group>
              </Form.Item>
            ))}
            <Typography.Title level={5}>{t('form.interactive')}</Typography.Title>
            <Typography.Paragraph type="secondary">{t('form.interactiveHint')}</Typography.Paragraph>
            {INTERACTIVE.map((k) => (
              <Form.Item key={k}>
                <Space>
                  <Switch aria-label={t(`interactive.${k}`)} checked={!!answers[k]} onChange={(on) => change({ ...answers, [k]: on })} />
                  <Typography.Text>{t(`interactive.${k}`)}</Typography.Text>
                </Space>
              </Form.Item>
            ))}
          </Form>
        </Card>
        <Card title={t('form.result')} style={{ flex: '1 1 300px', position: 'sticky', top: 16 }} data-testid="age-result">
          {done ? <AgeBadges declaration={declarationOf(done)} /> : <Typography.Text type="secondary">{t('form.left', { count: left })}</Typography.Text>}
          {canManage && (
            <Flex vertical gap="small" style={{ marginTop: 16 }}>
              <Typography.Text type="secondary">{rating.changesNeedReview ? t('form.reviewHint') : t('form.directHint')}</Typography.Text>
              <Button type="primary" disabled={!done || !dirty} loading={save.isPending} onClick={onSave}>
                {rating.changesNeedReview ? t('actions.submit') : t('actions.save')}
              </Button>
            </Flex>
          )}
        </Card>
      </Flex>
    </PageLayout>
  );
}
