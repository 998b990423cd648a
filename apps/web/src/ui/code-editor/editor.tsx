import { useMemo, useRef } from 'react';
import CodeMirror, { EditorView, keymap, Prec, type Extension } from '@uiw/react-codemirror';
import { PostgreSQL, sql } from '@codemirror/lang-sql';
import { javascript } from '@codemirror/lang-javascript';
import type { CodeEditorProps } from './CodeEditor';

const LANGUAGES: Record<CodeEditorProps['language'], () => Extension> = {
  sql: () => sql({ dialect: PostgreSQL }),
  javascript: () => javascript(),
};

/** The lazily loaded half of CodeEditor. */
export default function Editor({ value, onChange, language, ariaLabel, height = 240, onRun, readOnly }: CodeEditorProps) {
  // The latest handler, so a new one each render does not rebuild the editor's setup.
  const run = useRef(onRun);
  run.current = onRun;
  const extensions = useMemo(
    () => [
      LANGUAGES[language](),
      // The editable part is what a screen reader (and a browser test) finds by the label.
      EditorView.contentAttributes.of({ 'aria-label': ariaLabel }),
      // Above the default keymap, which would insert a blank line on Mod-Enter.
      Prec.highest(keymap.of([{ key: 'Mod-Enter', preventDefault: true, run: () => (run.current?.(), run.current !== undefined) }])),
    ],
    [language, ariaLabel],
  );
  return (
    <div style={{ border: '1px solid #d9d9d9', borderRadius: 6, overflow: 'hidden' }}>
      <CodeMirror value={value} onChange={onChange} extensions={extensions} height={`${height}px`} readOnly={readOnly} basicSetup={{ foldGutter: false }} />
    </div>
  );
}
