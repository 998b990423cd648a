import { useState } from 'react';
import { Button, Flex, Input, Menu, Popconfirm, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FUNCTION_LIMITS, INLINE_ENTRY, SOURCE_PATH } from '@wharf/rules';
import { CodeEditor } from '../../../ui/code-editor/CodeEditor';

type Files = Record<string, string>;

/** Why a new or renamed path is refused, or null. */
const pathProblem = (path: string, files: Files): 'pathRule' | 'pathTaken' | null => (!SOURCE_PATH.test(path) ? 'pathRule' : path in files ? 'pathTaken' : null);

/**
 * The editor's files: a list to pick, add, rename and delete them (index.js, the entry,
 * stays), and the picked one in the code editor. A form control: its value is the files by path.
 */
export function SourceFiles({ value = {}, onChange, disabled }: { value?: Files; onChange?: (files: Files) => void; disabled?: boolean }) {
  const { t } = useTranslation('cloud-functions');
  const paths = Object.keys(value).sort((a, b) => (a === INLINE_ENTRY ? -1 : b === INLINE_ENTRY ? 1 : a.localeCompare(b)));
  const [picked, setPicked] = useState(INLINE_ENTRY);
  const current = picked in value ? picked : (paths[0] ?? INLINE_ENTRY);
  const [naming, setNaming] = useState<{ from: string | null; path: string } | null>(null);
  const why = naming && naming.path !== naming.from ? pathProblem(naming.path, value) : null;
  const problem = why && t(`ide.${why}`, { path: naming?.path });

  const finishNaming = () => {
    if (!naming || problem || !naming.path) return;
    const next: Files = {};
    if (naming.from === null) Object.assign(next, value, { [naming.path]: '' });
    else for (const p of Object.keys(value)) next[p === naming.from ? naming.path : p] = value[p]!;
    onChange?.(next);
    setPicked(naming.path);
    setNaming(null);
  };
  const remove = (path: string) => {
    const { [path]: _gone, ...rest } = value;
    onChange?.(rest);
    setPicked(INLINE_ENTRY);
  };

  return (
    <Flex gap="middle" align="stretch" wrap>
      <Flex vertical gap={4} style={{ width: 220 }}>
        <Flex justify="space-between" align="center">
          <Typography.Text strong>{t('ide.files')}</Typography.Text>
          {!disabled && Object.keys(value).length < FUNCTION_LIMITS.inlineFiles && (
            <Button size="small" onClick={() => setNaming({ from: null, path: '' })}>
              {t('ide.newFile')}
            </Button>
          )}
        </Flex>
        <Menu
          aria-label={t('ide.files')}
          mode="inline"
          selectedKeys={[current]}
          onClick={(e) => setPicked(e.key)}
          style={{ borderInlineEnd: 'none' }}
          items={paths.map((p) => ({ key: p, label: <span style={{ fontFamily: 'monospace', fontSize: 13 }}>{p}</span> }))}
        />
        {naming && (
          <Flex vertical gap={2}>
            <Input
              autoFocus
              size="small"
              aria-label={t(naming.from === null ? 'ide.newFileName' : 'ide.renameTo')}
              placeholder="lib/util.js"
              value={naming.path}
              status={problem ? 'error' : undefined}
              onChange={(e) => setNaming({ ...naming, path: e.target.value.trim() })}
              onPressEnter={(e) => (e.preventDefault(), finishNaming())}
              onKeyDown={(e) => e.key === 'Escape' && setNaming(null)}
            />
            {problem && <Typography.Text type="danger" style={{ fontSize: 12 }}>{problem}</Typography.Text>}
            <Space size={4}>
              <Button size="small" type="primary" onClick={finishNaming} disabled={Boolean(problem) || !naming.path}>
                {t('ide.ok')}
              </Button>
              <Button size="small" onClick={() => setNaming(null)}>
                {t('actions.cancel')}
              </Button>
            </Space>
          </Flex>
        )}
        {!disabled && current !== INLINE_ENTRY && !naming && (
          <Space size={4}>
            <Button size="small" onClick={() => setNaming({ from: current, path: current })}>
              {t('ide.rename')}
            </Button>
            <Popconfirm title={t('ide.deleteConfirm', { path: current })} onConfirm={() => remove(current)}>
              <Button size="small" danger>
                {t('actions.delete')}
              </Button>
            </Popconfirm>
          </Space>
        )}
      </Flex>
      <Flex vertical gap={4} style={{ flex: 1, minWidth: 320 }}>
        <CodeEditor
          key={current}
          value={value[current] ?? ''}
          onChange={(text) => onChange?.({ ...value, [current]: text })}
          language="javascript"
          ariaLabel={t('code.file', { path: current })}
          height={380}
          readOnly={disabled}
        />
      </Flex>
    </Flex>
  );
}
