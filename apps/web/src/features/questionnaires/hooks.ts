import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { questionnairesApi, type BodyOf } from '@wharf/contract';
import { callEndpoint, type FileAnswer } from '../../request/call';
import { saveFile } from '../../ui/save-file';

export const questionnaireKeys = {
  all: ['questionnaires'] as const,
  list: (appId: string) => [...questionnaireKeys.all, questionnairesApi.listQuestionnaires.id, appId] as const,
  results: (appId: string, id: string) => [...questionnaireKeys.all, questionnairesApi.questionnaireResults.id, appId, id] as const,
};

export function useQuestionnaires(appId: string) {
  return useQuery({ queryKey: questionnaireKeys.list(appId), queryFn: ({ signal }) => callEndpoint(questionnairesApi.listQuestionnaires, { query: { appId }, signal }) });
}

export function useResults(appId: string, id: string) {
  return useQuery({ queryKey: questionnaireKeys.results(appId, id), queryFn: ({ signal }) => callEndpoint(questionnairesApi.questionnaireResults, { query: { appId, questionnaireId: id }, signal }) });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: questionnaireKeys.all });
}

export type QuestionnaireBody = BodyOf<typeof questionnairesApi.createQuestionnaire>;

/** Creates a questionnaire, or replaces a draft's content when it has an id. */
export function useSaveQuestionnaire() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: QuestionnaireBody }) =>
      id ? callEndpoint(questionnairesApi.updateQuestionnaire, { body: { ...body, questionnaireId: id } }) : callEndpoint(questionnairesApi.createQuestionnaire, { body }),
    onSuccess: refresh,
  });
}

export function useQuestionnaireAction() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ appId, id, action }: { appId: string; id: string; action: 'published' | 'closed' | 'delete' }) =>
      action === 'delete'
        ? callEndpoint(questionnairesApi.deleteQuestionnaire, { query: { appId, questionnaireId: id } })
        : callEndpoint(questionnairesApi.setQuestionnaireState, { body: { appId, questionnaireId: id, state: action } }),
    onSuccess: refresh,
  });
}

export function useExportAnswers(appId: string) {
  return useMutation({
    mutationFn: async ({ id, format }: { id: string; format: 'csv' | 'xlsx' }) => {
      const { blob, fileName } = (await callEndpoint(questionnairesApi.exportQuestionnaire, { query: { appId, questionnaireId: id, format }, asFile: true })) as unknown as FileAnswer;
      saveFile(fileName ?? `answers.${format}`, blob);
    },
  });
}

/** The respondent's side: the published questionnaire and the answer, without a session. */
export function usePublicQuestionnaire(id: string) {
  return useQuery({
    queryKey: ['public', questionnairesApi.publicQuestionnaireOf.id, id],
    queryFn: ({ signal }) => callEndpoint(questionnairesApi.publicQuestionnaireOf, { params: { questionnaireId: id }, notAuth: true, notRefresh: true, silent: true, signal }),
    retry: false,
  });
}

export function useAnswer(id: string) {
  return useMutation({
    mutationFn: (body: BodyOf<typeof questionnairesApi.answerQuestionnaire>) => callEndpoint(questionnairesApi.answerQuestionnaire, { params: { questionnaireId: id }, body, notAuth: true, notRefresh: true }),
  });
}
