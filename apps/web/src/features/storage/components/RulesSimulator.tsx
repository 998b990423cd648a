import { Card, Checkbox, Flex, Input, InputNumber, Segmented, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StorageRuleInput } from '@wharf/contract';
import { STORAGE_RULE_OPERATIONS, testStorageRules, type StorageRuleOperation } from '@wharf/rules';

/**
 * Tries the rules being edited, in the page, with the evaluator the server uses: who asks,
 * for what path, and the file as it is or would be written.
 */
export function RulesSimulator({ rules }: { rules: StorageRuleInput[] }) {
  const { t } = useTranslation('storage');
  const [operation, setOperation] = useState<StorageRuleOperation>('write');
  const [path, setPath] = useState('users/ada/photo.png');
  const [signedIn, setSignedIn] = useState(true);
  const [uid, setUid] = useState('ada');
  const [anonymous, setAnonymous] = useState(false);
  const [size, setSize] = useState<number>(100_000);
  const [contentType, setContentType] = useState('image/png');
  const [owner, setOwner] = useState('ada');
  const file = { size, contentType, owner: owner || null };
  const { problem, results } = testStorageRules(rules, [
    {
      operation,
      path,
      auth: signedIn ? { uid: uid || 'user', anonymous } : null,
      resource: operation === 'list' ? null : operation === 'write' ? null : file,
      request: operation === 'write' ? file : null,
    },
  ]);
  const result = results[0]!;
  return (
    <Card size="small" title={t('simulator.title')}>
      <Flex vertical gap="small">
        <Segmented value={operation} onChange={(v) => setOperation(v as StorageRuleOperation)} options={STORAGE_RULE_OPERATIONS.map((op) => ({ value: op, label: t(`rules.op.${op}`) }))} />
        <Input addonBefore={t('simulator.path')} value={path} onChange={(e) => setPath(e.target.value)} aria-label={t('simulator.path')} />
        <Checkbox checked={signedIn} onChange={(e) => setSignedIn(e.target.checked)}>
          {t('simulator.signedIn')}
        </Checkbox>
        {signedIn && (
          <Flex gap="small" align="center">
            <Input addonBefore="auth.uid" value={uid} onChange={(e) => setUid(e.target.value)} aria-label="auth.uid" />
            <Checkbox checked={anonymous} onChange={(e) => setAnonymous(e.target.checked)}>
              {t('simulator.anonymous')}
            </Checkbox>
          </Flex>
        )}
        {operation !== 'list' && (
          <>
            <Typography.Text type="secondary">{t(operation === 'write' ? 'simulator.incoming' : 'simulator.stored')}</Typography.Text>
            <InputNumber addonBefore={t('simulator.size')} value={size} min={0} onChange={(v) => setSize(Number(v ?? 0))} style={{ width: '100%' }} aria-label={t('simulator.size')} />
            <Input addonBefore={t('simulator.contentType')} value={contentType} onChange={(e) => setContentType(e.target.value)} aria-label={t('simulator.contentType')} />
            {operation !== 'write' && <Input addonBefore={t('simulator.owner')} value={owner} onChange={(e) => setOwner(e.target.value)} aria-label={t('simulator.owner')} />}
          </>
        )}
        <div role="status">
          {problem ? (
            <Tag color="default">{t('simulator.fixFirst')}</Tag>
          ) : result.allowed ? (
            <Tag color="success">{t('simulator.allowed', { n: (result.rule ?? 0) + 1 })}</Tag>
          ) : (
            <Tag color="error">{t('simulator.refused')}</Tag>
          )}
        </div>
      </Flex>
    </Card>
  );
}
