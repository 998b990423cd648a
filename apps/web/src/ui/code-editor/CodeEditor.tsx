import { lazy, Suspense } from 'react';
import { Input } from 'antd';

export interface CodeEditorProps {
  value: string;
  onChange: (value: string) => void;
  language: 'sql' | 'javascript';
  /** What a screen reader calls the editor. */
  ariaLabel: string;
  /** Pixels; the editor scrolls past it. */
  height?: number;
  /** Ctrl+Enter (⌘+Enter): run what is written. */
  onRun?: () => void;
  readOnly?: boolean;
}

// The editor and its languages are a chunk of their own (Vite's `codemirror` group): only
// a page that shows an editor loads it, never the console's first page.
const Editor = lazy(() => import('./editor'));

/**
 * A code editor (CodeMirror 6): highlighting, line numbers, brackets, search, undo. While
 * its chunk loads (or where it cannot), a plain text area holds the same text.
 */
export function CodeEditor(props: CodeEditorProps) {
  const fallback = (
    <Input.TextArea
      aria-label={props.ariaLabel}
      value={props.value}
      readOnly={props.readOnly}
      onChange={(e) => props.onChange(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) props.onRun?.();
      }}
      style={{ height: props.height ?? 240, fontFamily: 'monospace' }}
    />
  );
  return <Suspense fallback={fallback}>{<Editor {...props} />}</Suspense>;
}
