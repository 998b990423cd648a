import { useEffect, useState } from 'react';
import { Alert, Modal, Select, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiClient } from '@wharf/contract';
import { useSetGrants } from '../api/mutations';
import { useGrants } from '../api/queries';

/** The apps a client may act on: none chosen means every app it can reach. */
export function GrantsDialog({ client, onClose }: { client: ApiClient | null; onClose: () => void }) {
  const { t } = useTranslation('api-clients');
  const grants = useGrants(client?.clientId ?? null);
  const save = useSetGrants();
  const before = grants.data?.granted.resources.map((r) => r.appId) ?? [];
  const [chosen, setChosen] = useState<string[]>([]);
  const loadedFor = grants.data ? client?.clientId : undefined;
  useEffect(() => {
    if (grants.data) setChosen(grants.data.granted.resources.map((r) => r.appId));
    // Once per client opened: later refetches must not undo what is being chosen.
  }, [loadedFor]);
  const confirm = async () => {
    if (!client) return;
    try {
      await save.mutateAsync({ clientId: client.clientId, before, after: chosen });
      onClose();
    } catch {
      // the request layer showed the reason
    }
  };
  return (
    <Modal open={client !== null} title={t('grants.title', { name: client?.name ?? '' })} okText={t('grants.ok')} okButtonProps={{ loading: save.isPending }} onOk={() => void confirm()} onCancel={onClose} destroyOnHidden>
      <Typography.Paragraph type="secondary">{t('grants.text')}</Typography.Paragraph>
      {grants.isPending ? (
        <Skeleton active />
      ) : (
        <>
          <Select
            mode="multiple"
            style={{ width: '100%' }}
            aria-label={t('grants.apps')}
            placeholder={t('grants.all')}
            value={chosen}
            onChange={setChosen}
            optionFilterProp="label"
            options={(grants.data?.grantable ?? []).map((a) => ({ value: a.appId, label: `${a.name} (${a.packageName})` }))}
          />
          <Alert style={{ marginTop: 12 }} type={chosen.length ? 'warning' : 'info'} showIcon title={chosen.length ? t('grants.limited', { count: chosen.length }) : t('grants.unlimited')} />
        </>
      )}
    </Modal>
  );
}
