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
}

const key = (functionId: string) => `wharf.functionDraft.${functionId}`;

export function keepDraft(functionId: string, form: CodeForm): void {
  try {
    localStorage.setItem(key(functionId), JSON.stringify({ ...form, env: form.env.map((v) => ({ name: v?.name ?? '' })) }));
  } catch {
    // Storage full or refused: the guard still asks before leaving.
  }
}

export function readDraft(functionId: string): CodeForm | null {
  try {
    const text = localStorage.getItem(key(functionId));
    return text ? (JSON.parse(text) as CodeForm) : null;
  } catch {
    return null;
  }
}

export function dropDraft(functionId: string): void {
  localStorage.removeItem(key(functionId));
}
