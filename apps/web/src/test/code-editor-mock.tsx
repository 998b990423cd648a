import type { CodeEditorProps } from '../ui/code-editor/CodeEditor';

/**
 * The code editor as page tests see it: CodeMirror measures a layout jsdom does not have
 * and takes its text by its own input handling, so the setup file puts this text area in
 * its place. Ctrl+Enter runs, as in the editor. The browser tests type into the real one.
 */
export default function TextAreaEditor({ value, onChange, ariaLabel, onRun, readOnly }: CodeEditorProps) {
  return (
    <textarea
      data-testid="code-editor"
      aria-label={ariaLabel}
      value={value}
      readOnly={readOnly}
      onChange={(e) => onChange(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) onRun?.();
      }}
    />
  );
}
