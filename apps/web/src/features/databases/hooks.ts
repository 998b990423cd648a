import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { databasesApi, type BodyOf } from '@wharf/contract';
import { callEndpoint, type FileAnswer } from '../../request/call';
import { saveFile } from '../../ui/save-file';

export const databasesKeys = {
  all: ['databases'] as const,
  project: (projectId: string) => [...databasesKeys.all, projectId] as const,
  baseInfo: (projectId: string) => [...databasesKeys.project(projectId), 'baseInfo'] as const,
  list: (projectId: string) => [...databasesKeys.project(projectId), 'list'] as const,
  one: (projectId: string, databaseId: string) => [...databasesKeys.project(projectId), 'one', databaseId] as const,
  accounts: (projectId: string, databaseId: string) => [...databasesKeys.one(projectId, databaseId), 'accounts'] as const,
  history: (projectId: string, databaseId: string) => [...databasesKeys.one(projectId, databaseId), 'history'] as const,
  scripts: (projectId: string, databaseId: string) => [...databasesKeys.one(projectId, databaseId), 'scripts'] as const,
  tasks: (projectId: string, databaseId: string) => [...databasesKeys.one(projectId, databaseId), 'tasks'] as const,
};

export const useBaseInfo = (projectId: string) =>
  useQuery({ queryKey: databasesKeys.baseInfo(projectId), queryFn: ({ signal }) => callEndpoint(databasesApi.databaseBaseInfo, { query: { projectId }, signal }) });

export const useDatabases = (projectId: string, enabled: boolean) =>
  useQuery({ queryKey: databasesKeys.list(projectId), queryFn: ({ signal }) => callEndpoint(databasesApi.listDatabases, { query: { projectId }, signal }), enabled });

export const useDatabase = (projectId: string, databaseId: string) =>
  useQuery({ queryKey: databasesKeys.one(projectId, databaseId), queryFn: ({ signal }) => callEndpoint(databasesApi.getDatabase, { query: { projectId, databaseId }, signal }) });

export const useAccounts = (projectId: string, databaseId: string) =>
  useQuery({ queryKey: databasesKeys.accounts(projectId, databaseId), queryFn: ({ signal }) => callEndpoint(databasesApi.listAccounts, { query: { projectId, databaseId }, signal }) });

export const useHistory = (projectId: string, databaseId: string, enabled: boolean) =>
  useQuery({ queryKey: databasesKeys.history(projectId, databaseId), queryFn: ({ signal }) => callEndpoint(databasesApi.sqlHistory, { query: { projectId, databaseId }, signal }), enabled });

/** A change to the project's databases: the lists and the database read again. */
function useChange<V, R>(projectId: string, call: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => void client.invalidateQueries({ queryKey: databasesKeys.project(projectId) }) });
}

export const useCreateDatabase = (projectId: string) => useChange(projectId, (name: string) => callEndpoint(databasesApi.createDatabase, { query: { projectId }, body: { name } }));
export const useDeleteDatabase = (projectId: string) => useChange(projectId, (databaseId: string) => callEndpoint(databasesApi.deleteDatabase, { query: { projectId, databaseId } }));
export const useRestoreDatabase = (projectId: string) => useChange(projectId, (databaseId: string) => callEndpoint(databasesApi.restoreDatabase, { query: { projectId, databaseId } }));
export const useCreateAccount = (projectId: string, databaseId: string) =>
  useChange(projectId, (body: BodyOf<typeof databasesApi.createAccount>) => callEndpoint(databasesApi.createAccount, { query: { projectId, databaseId }, body }));
export const useResetPassword = (projectId: string, databaseId: string) =>
  useChange(projectId, (accountId: string) => callEndpoint(databasesApi.resetAccountPassword, { query: { projectId, databaseId, accountId } }));
export const useDeleteAccount = (projectId: string, databaseId: string) =>
  useChange(projectId, (accountId: string) => callEndpoint(databasesApi.deleteAccount, { query: { projectId, databaseId, accountId } }));
/** A run may change the tables and always adds to the history. */
export const useExecute = (projectId: string, databaseId: string) =>
  useChange(projectId, (sql: string) => callEndpoint(databasesApi.executeSql, { query: { projectId, databaseId }, body: { sql }, timeoutMs: 0 }));

/** One query's rows as CSV, fetched with the session's headers and handed to the browser. */
export function useExport(projectId: string, databaseId: string) {
  return useMutation({
    mutationFn: async (sql: string) => {
      const { blob, fileName } = (await callEndpoint(databasesApi.exportQuery, { query: { projectId, databaseId }, body: { sql }, asFile: true, timeoutMs: 0 })) as unknown as FileAnswer;
      saveFile(fileName ?? 'query.csv', blob);
    },
  });
}

export const useScripts = (projectId: string, databaseId: string) =>
  useQuery({ queryKey: databasesKeys.scripts(projectId, databaseId), queryFn: ({ signal }) => callEndpoint(databasesApi.listScripts, { query: { projectId, databaseId }, signal }) });

const UNFINISHED = new Set(['queued', 'running', 'cancelling']);
/** The database's script runs, read again every second while one has not finished. */
export const useTasks = (projectId: string, databaseId: string) =>
  useQuery({
    queryKey: databasesKeys.tasks(projectId, databaseId),
    queryFn: ({ signal }) => callEndpoint(databasesApi.listTasks, { query: { projectId, databaseId }, signal }),
    refetchInterval: (q) => (q.state.data?.tasks.some((x) => UNFINISHED.has(x.state)) ? 1000 : false),
  });

export const useSaveScript = (projectId: string, databaseId: string) =>
  useChange(projectId, (body: BodyOf<typeof databasesApi.saveScript>) => callEndpoint(databasesApi.saveScript, { query: { projectId, databaseId }, body }));
export const useDeleteScript = (projectId: string, databaseId: string) =>
  useChange(projectId, (scriptId: string) => callEndpoint(databasesApi.deleteScript, { query: { projectId, databaseId, scriptId } }));
export const useRunScript = (projectId: string, databaseId: string) =>
  useChange(projectId, (scriptId: string) => callEndpoint(databasesApi.runScript, { query: { projectId, databaseId }, body: { scriptId } }));
export const useCancelTask = (projectId: string, databaseId: string) =>
  useChange(projectId, (taskId: string) => callEndpoint(databasesApi.cancelTask, { query: { projectId, databaseId, taskId } }));
