import { deviceDraft } from '../../../ui/device-draft';

// The code tab's unsaved edits, kept on this device while they are unsaved, so a reload or
// a move away loses nothing. Variables' values are never kept here: they are secrets.

export interface CodeForm {
  /** Inline code's files by path (index.js the entry). */
  files: Record<string, string>;
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

// A draft kept before the editor had several files holds `code`: it is index.js.
const drafts = deviceDraft<CodeForm>('functionDraft', (v) => {
  if (typeof v !== 'object' || v === null) return null;
  const d = v as CodeForm & { code?: unknown };
  if (typeof d.files === 'object' && d.files !== null) return d;
  if (typeof d.code === 'string') {
    const { code, ...rest } = d;
    return { ...rest, files: { 'index.js': code } };
  }
  return null;
});

export const keepDraft = (functionId: string, form: CodeForm): void => drafts.keep(functionId, { ...form, env: form.env.map((v) => ({ name: v?.name ?? '' })) });
export const readDraft = (functionId: string): CodeForm | null => drafts.read(functionId);
export const dropDraft = (functionId: string): void => drafts.drop(functionId);
