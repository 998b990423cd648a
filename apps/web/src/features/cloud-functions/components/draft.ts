import { deviceDraft } from '../../../ui/device-draft';

// The code tab's unsaved edits, kept on this device while they are unsaved, so a reload or
// a move away loses nothing. Variables' values are never kept here: they are secrets.

export interface CodeForm {
  code: string;
  handler: string;
  memoryMb: number;
  timeoutSeconds: number;
  concurrency: number;
  description: string;
  httpAuth: 'none' | 'apiClient' | 'appUser';
  env: { name: string; value?: string | undefined }[];
  /** `name:version` of each layer, in order. */
  layers?: string[];
}

const drafts = deviceDraft<CodeForm>('functionDraft', (v) => (typeof v === 'object' && v !== null && typeof (v as CodeForm).code === 'string' ? (v as CodeForm) : null));

export const keepDraft = (functionId: string, form: CodeForm): void => drafts.keep(functionId, { ...form, env: form.env.map((v) => ({ name: v?.name ?? '' })) });
export const readDraft = (functionId: string): CodeForm | null => drafts.read(functionId);
export const dropDraft = (functionId: string): void => drafts.drop(functionId);
