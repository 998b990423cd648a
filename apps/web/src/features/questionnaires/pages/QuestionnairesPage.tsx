import { App as AntApp, Button, Card, Empty, Flex, Popconfirm, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Questionnaire } from '@wharf/contract';
import { useRouteAppId } from '../../console/public';
import { usePermissions } from '../../team/public';
import { useDisplay } from '../../../session/display';
import { QuestionnaireEditor } from '../components/QuestionnaireEditor';
import { ResultsView } from '../components/ResultsView';
import { useQuestionnaireAction, useQuestionnaires } from '../hooks';

const STATE_COLORS: Record<string, string> = { draft: 'default', published: 'green', closed: 'gold' };

/** The address respondents open: this console's site, the public answer page. */
export const linkOf = (id: string) => `${window.location.origin}${window.location.pathname}#/questionnaire/${id}`;

/** Questionnaires: write them, publish a link (or offer them in the app), read the answers as charts. */
export function QuestionnairesPage() {
  const { t } = useTranslation('questionnaires');
  const { message } = AntApp.useApp();
  const appId = useRouteAppId();
  const display = useDisplay();
  const canEdit = usePermissions().can('growth.manage');
  const list = useQuestionnaires(appId);
  const action = useQuestionnaireAction();
  // What is open lives in the address: `edit` (an id or `new`) or `results`.
  const [params, setParams] = useSearchParams();
  const editing = params.get('edit');
  const showing = params.get('results');
  const close = () => setParams({}, { replace: true });
  const items = list.data?.items ?? [];
  const open = items.find((x) => x.questionnaireId === (editing ?? showing));
  const title = (
    <Typography.Title level={2} style={{ marginTop: 0 }}>
      {t('page.title')}
    </Typography.Title>
  );
  if (list.isPending) return <Skeleton active />;
  if (editing && (editing === 'new' || open)) {
    return (
      <>
        {title}
        <QuestionnaireEditor key={editing} appId={appId} questionnaire={open ?? null} onDone={close} />
      </>
    );
  }
  if (showing && open) {
    return (
      <>
        {title}
        <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {open.title}
          </Typography.Title>
          <Button onClick={close}>{t('editor.back')}</Button>
        </Flex>
        <ResultsView questionnaire={open} />
      </>
    );
  }
  const act = (x: Questionnaire, what: 'published' | 'closed' | 'delete') => action.mutate({ appId, id: x.questionnaireId, action: what }, { onSuccess: () => void message.success(t(`actions.done.${what}`)) });
  const copy = (x: Questionnaire) => void navigator.clipboard?.writeText(linkOf(x.questionnaireId)).then(() => message.success(t('actions.copied')));
  return (
    <>
      <Flex justify="space-between" align="baseline" wrap gap={8}>
        {title}
        {canEdit && (
          <Button type="primary" onClick={() => setParams({ edit: 'new' })}>
            {t('page.new')}
          </Button>
        )}
      </Flex>
      <Typography.Paragraph type="secondary" style={{ maxWidth: 760 }}>
        {t('page.text')}
      </Typography.Paragraph>
      {items.length === 0 ? (
        <Card>
          <Empty description={t('page.empty')}>{canEdit && <Button onClick={() => setParams({ edit: 'new' })}>{t('page.new')}</Button>}</Empty>
        </Card>
      ) : (
        <Table<Questionnaire>
          rowKey="questionnaireId"
          dataSource={items}
          pagination={false}
          columns={[
            { key: 'title', title: t('list.title'), render: (_, x) => <Typography.Text strong>{x.title}</Typography.Text> },
            { key: 'state', title: t('list.state'), render: (_, x) => <Tag color={STATE_COLORS[x.state]}>{t(`state.${x.state}`)}</Tag> },
            { key: 'answers', title: t('list.answers'), render: (_, x) => display.number(x.answers) },
            { key: 'updated', title: t('list.updated'), render: (_, x) => display.dateTime(x.updatedAt) },
            {
              key: 'actions',
              title: '',
              render: (_, x) => (
                <Space wrap>
                  {x.state !== 'draft' && <Button size="small" onClick={() => setParams({ results: x.questionnaireId })}>{t('actions.results')}</Button>}
                  {x.state === 'published' && <Button size="small" onClick={() => copy(x)}>{t('actions.copyLink')}</Button>}
                  {canEdit && x.state === 'draft' && <Button size="small" onClick={() => setParams({ edit: x.questionnaireId })}>{t('actions.edit')}</Button>}
                  {canEdit && x.state === 'draft' && <Button size="small" type="primary" onClick={() => act(x, 'published')}>{t('actions.publish')}</Button>}
                  {canEdit && x.state === 'published' && (
                    <Popconfirm title={t('actions.closeConfirm')} onConfirm={() => act(x, 'closed')}>
                      <Button size="small">{t('actions.close')}</Button>
                    </Popconfirm>
                  )}
                  {canEdit && x.state !== 'published' && (
                    <Popconfirm title={t('actions.deleteConfirm')} onConfirm={() => act(x, 'delete')}>
                      <Button size="small" danger>{t('actions.delete')}</Button>
                    </Popconfirm>
                  )}
                </Space>
              ),
            },
          ]}
        />
      )}
    </>
  );
}
