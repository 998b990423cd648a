import { Alert, Card, Checkbox, Flex, Form, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { PARSE_STATE, type App, type PackageInfo } from '@wharf/contract';
import { usePackages } from '../../packages/public';
import { NumberInput } from '../../../ui/NumberInput';
import { useDisplay } from '../../../session/display';

export interface PackageDraft {
  pkgId: string | null;
  /** A first release announced without a package. */
  noPackage: boolean;
  /** The versionCode a PC installer is given (an EXE carries none). */
  exeVersionCode: number | null;
  obbMain: string | null;
  obbPatch: string | null;
}

const obbSlot = (p: PackageInfo) => (p.fileName.startsWith('patch.') ? 'patch' : 'main');

interface Props {
  app: App;
  draft: PackageDraft;
  onChange: (change: Partial<PackageDraft>) => void;
  editable: boolean;
  /** The on-shelf version's versionCode when another version is on shelf. */
  liveCode: number | null;
}

/** The version's package: picker, a PC installer's version code, Android expansion files, or none before the first release. */
export function PackageCard({ app, draft, onChange, editable, liveCode }: Props) {
  const { t } = useTranslation('versions');
  const display = useDisplay();
  const location = useLocation();
  const packages = usePackages(app.appId);
  const parsed = (packages.data?.pages.flatMap((p) => p.items) ?? []).filter((p) => p.parseState === PARSE_STATE.parsed);
  const mains = parsed.filter((p) => p.kind !== 'obb');
  const obbs = parsed.filter((p) => p.kind === 'obb');
  const chosen = mains.find((p) => p.pkgId === draft.pkgId);
  const pc = app.platform === 'pc';
  // Announcing without a package is for a first release only.
  const canGoWithout = !app.everOnShelf || draft.noPackage;
  const codeOf = (p: PackageInfo) => (pc ? null : p.versionCode);

  const withoutPackage = canGoWithout && (
    <Checkbox checked={draft.noPackage} disabled={!editable} onChange={(e) => onChange(e.target.checked ? { noPackage: true, pkgId: null, obbMain: null, obbPatch: null } : { noPackage: false })}>
      {t('package.noPackage')}
    </Checkbox>
  );

  if (mains.length === 0 && !packages.isPending) {
    return (
      <Card title={t('package.title')} size="small">
        <Flex vertical gap="small">
          {!draft.noPackage && (
            <Alert
              type="info"
              showIcon
              title={t('package.none')}
              description={
                <Link to={`../packages${location.search}`} relative="path">
                  {t('package.upload')}
                </Link>
              }
            />
          )}
          {withoutPackage}
          {draft.noPackage && <Typography.Text type="secondary">{t('package.noPackageHint')}</Typography.Text>}
        </Flex>
      </Card>
    );
  }

  return (
    <Card title={t('package.title')} size="small">
      <Flex vertical gap="small">
        {withoutPackage}
        {draft.noPackage ? (
          <Typography.Text type="secondary">{t('package.noPackageHint')}</Typography.Text>
        ) : (
          <>
            <Select
              aria-label={t('package.choose')}
              placeholder={t('package.choose')}
              disabled={!editable}
              loading={packages.isPending}
              value={draft.pkgId}
              onChange={(pkgId: string) => onChange({ pkgId })}
              style={{ maxWidth: 560 }}
              options={mains.map((p) => {
                const code = codeOf(p);
                const lower = liveCode !== null && code !== null && code < liveCode;
                return {
                  value: p.pkgId,
                  disabled: lower,
                  label: t('package.option', { fileName: p.fileName, versionName: p.versionName ?? '—', versionCode: code === null ? '—' : display.number(code), date: display.date(p.createdAt) }) + (lower ? ` · ${t('package.lower')}` : ''),
                };
              })}
            />
            {pc && (
              <Form.Item label={t('package.exeVersionCode')} htmlFor="exe-version-code" extra={t('package.exeVersionCodeHint')} style={{ marginBottom: 0 }}>
                <NumberInput id="exe-version-code" min={Math.max(1, liveCode ?? 1)} precision={0} disabled={!editable || !draft.pkgId} value={draft.exeVersionCode} onChange={(v) => onChange({ exeVersionCode: typeof v === 'number' ? v : null })} />
              </Form.Item>
            )}
            {chosen && (
              <Typography.Text type="secondary">
                {t('package.facts', { packageName: chosen.packageName ?? '—', versionCode: display.number(pc ? draft.exeVersionCode : chosen.versionCode), size: display.size(chosen.size) })}
              </Typography.Text>
            )}
            {liveCode !== null && <Typography.Text type="secondary">{t('package.liveCode', { versionCode: display.number(liveCode) })}</Typography.Text>}
            {chosen && liveCode !== null && codeOf(chosen) === liveCode && <Alert type="warning" showIcon title={t('package.sameCode')} />}
            {chosen?.signatureChanged && <Alert type="warning" showIcon title={t('package.signatureChanged')} />}
            {app.platform === 'android' && obbs.length > 0 && (
              <Flex vertical gap={4}>
                <Typography.Text strong>{t('package.expansion')}</Typography.Text>
                {chosen && chosen.kind !== 'apk' ? (
                  <Typography.Text type="secondary">{t('package.expansionNeedsApk')}</Typography.Text>
                ) : (
                  <Flex gap="small" wrap>
                    {(['main', 'patch'] as const).map((slot) => (
                      <Select
                        key={slot}
                        aria-label={t(`package.obb.${slot}`)}
                        placeholder={t(`package.obb.${slot}`)}
                        allowClear
                        disabled={!editable || !chosen || (slot === 'patch' && !draft.obbMain)}
                        value={slot === 'main' ? draft.obbMain : draft.obbPatch}
                        onChange={(id?: string) => onChange(slot === 'main' ? { obbMain: id ?? null, ...(id ? {} : { obbPatch: null }) } : { obbPatch: id ?? null })}
                        style={{ minWidth: 280 }}
                        options={obbs.filter((p) => obbSlot(p) === slot).map((p) => ({ value: p.pkgId, label: `${p.fileName} · ${display.size(p.size)}` }))}
                      />
                    ))}
                  </Flex>
                )}
              </Flex>
            )}
          </>
        )}
      </Flex>
    </Card>
  );
}
