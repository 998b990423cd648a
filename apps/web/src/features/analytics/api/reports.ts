import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { analyticsApi, type AnalyticsExport, type ExportFormat, type ReportDefinition, type ReportTemplateInput } from '@wharf/contract';
import { callEndpoint, type FileAnswer } from '../../../request/call';
import { saveFile } from '../../../ui/save-file';
import { analyticsKeys } from './keys';

/** The caller's templates and the team's shared ones. */
export function useReportTemplates(appId: string) {
  return useQuery({
    queryKey: analyticsKeys.templates(appId),
    queryFn: ({ signal }) => callEndpoint(analyticsApi.listReportTemplates, { query: { appId }, signal }),
    enabled: Boolean(appId),
  });
}

/** The caller's exports; asked again every second while one is being made, so its progress moves. */
export function useExports(appId: string) {
  return useQuery({
    queryKey: analyticsKeys.exports(appId),
    queryFn: ({ signal }) => callEndpoint(analyticsApi.listAnalyticsExports, { query: { appId }, signal }),
    enabled: Boolean(appId),
    refetchInterval: (q) => (q.state.data?.exports.some((e) => e.state === 'queued' || e.state === 'running') ? 1000 : false),
  });
}

export function useSaveTemplate(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ templateId, input }: { templateId?: string | undefined; input: ReportTemplateInput }) =>
      templateId
        ? callEndpoint(analyticsApi.updateReportTemplate, { query: { appId, templateId }, body: input })
        : callEndpoint(analyticsApi.createReportTemplate, { query: { appId }, body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: analyticsKeys.templates(appId) }),
  });
}

export function useDeleteTemplate(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (templateId: string) => callEndpoint(analyticsApi.deleteReportTemplate, { query: { appId, templateId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: analyticsKeys.templates(appId) }),
  });
}

export type ExportRequest = { from: string; to: string; format: ExportFormat } & ({ templateId: string } | { name: string; definition: ReportDefinition });

export function useStartExport(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ExportRequest) => callEndpoint(analyticsApi.createAnalyticsExport, { query: { appId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: analyticsKeys.exports(appId) }),
  });
}

/** Fetches a finished export with the session's headers and hands it to the browser as a download. */
export function useDownloadExport(appId: string) {
  return useMutation({
    mutationFn: async (x: AnalyticsExport) => {
      // Asked for as a file, the call answers the file itself (request/file-response.ts).
      const { blob, fileName } = (await callEndpoint(analyticsApi.downloadAnalyticsExport, { query: { appId, exportId: x.exportId }, asFile: true })) as unknown as FileAnswer;
      saveFile(fileName ?? `${x.name}.${x.format}`, blob);
    },
  });
}
