import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { LAYER_LIMITS } from '@wharf/rules';
import { useLayers } from '../api/layers';

/** `name:version`, as the field holds a function's layers. */
export const layerKey = (l: { layerName: string; version: number }) => `${l.layerName}:${l.version}`;
export const layerOfKey = (key: string) => ({ layerName: key.slice(0, key.lastIndexOf(':')), version: Number(key.slice(key.lastIndexOf(':') + 1)) });

/**
 * The layers a function runs with, in the order chosen (a later one's files win): any ready
 * version of each of the project's layers, one version a layer.
 */
export function LayersField({ projectId, value = [], onChange, disabled }: { projectId: string; value?: string[]; onChange?: (v: string[]) => void; disabled?: boolean }) {
  const { t } = useTranslation('cloud-functions');
  const layers = useLayers(projectId);
  const options = (layers.data?.layers ?? [])
    .filter((l) => l.readyVersions.length > 0)
    .map((l) => ({ label: l.layerName, title: l.layerName, options: l.readyVersions.map((v) => ({ value: layerKey({ layerName: l.layerName, version: v }), label: `${l.layerName} · ${t('versions.number', { version: v })}` })) }));
  // Choosing another version of a layer already there takes its place.
  const choose = (next: string[]) => {
    const added = next.find((k) => !value.includes(k));
    const name = added ? layerOfKey(added).layerName : null;
    onChange?.(name ? next.filter((k) => k === added || layerOfKey(k).layerName !== name) : next);
  };
  return (
    <Select
      mode="multiple"
      aria-label={t('layers.forFunction')}
      value={value}
      onChange={choose}
      options={options}
      loading={layers.isPending}
      disabled={disabled}
      maxCount={LAYER_LIMITS.perFunction}
      placeholder={t('layers.nonePicked')}
      notFoundContent={t('layers.noneReady')}
      style={{ minWidth: 320 }}
    />
  );
}
