import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, App as AntApp, Button, Card, DatePicker, Flex, Form, Input, Radio, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { App, Version } from '@wharf/contract';
import { AGE_RATINGS, PHASE_MAX_DAYS } from '@wharf/rules';
import { pickerFormat } from '../display';
import { useUnsavedGuard } from '../../../ui/unsaved';
import { useChangePhasedRelease, useDeleteVersionLanguage, usePackageCalls, usePhasedRelease, useUpdateVersion, type VersionEdit } from '../hooks';
import { CountriesField } from './CountriesField';
import { PackageCard } from './PackageCard';
import { EMPTY_LISTING, ListingEditor } from './ListingEditor';
import { draftOf, dropKeptDraft, keepDraft, readKeptDraft, sameDraft, type Draft, type KeptDraft, type PhaseDraft } from './editor-draft';
import { NumberInput } from '../../../ui/NumberInput';
import { useDisplay } from '../../../session/display';
import { DeclaredAge, useDeclaredAge } from '../../age-rating/public';

interface Props {
  app: App;
  version: Version;
  /** The version on shelf now: its versionCode is the lowest a package may have. */
  live: Version | null;
  editable: boolean;
  canSubmit: boolean;
  activeLanguage: string | undefined;
  onActiveLanguage: (language: string) => void;
  /** Saved; the parent opens the submit dialog with the server's completeness check. */
  onSubmitRequest: () => void;
}

/** Version information: package, listing per language, countries and regions, release settings, review notes. */
/** The share a phased release may start with: above 0 and below 100 (the server refuses the rest). */
const PHASE_PERCENT = { min: 0.01, max: 99.99 };
const percentOutOfRange = (p: number | null) => p !== null && (p < PHASE_PERCENT.min || p > PHASE_PERCENT.max);

export function VersionEditor({ app, version, live, editable, canSubmit, activeLanguage, onActiveLanguage, onSubmitRequest }: Props) {
  const { t, i18n } = useTranslation('versions');
  const { message } = AntApp.useApp();
  const ref = { appId: version.appId, versionId: version.versionId };
  // The app's age-rating declaration sets the age of its versions being edited.
  const declaredAge = useDeclaredAge(version.appId);
  const initial = useMemo(() => draftOf(version, app.defaultLanguage, app.name), [version, app.defaultLanguage, app.name]);
  // The server's version the draft started from; a newer one (saved here or elsewhere) is
  // followed unless something is typed, so a refetch never wipes what the person wrote.
  const [base, setBase] = useState(initial);
  const [draft, setDraft] = useState<Draft>(initial);
  const [adoptNext, setAdoptNext] = useState(false);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const phase = usePhasedRelease(ref, draft.releaseType === 'phased');
  const savedPhase = phase.data?.phasedRelease ?? null;
  const initialPhase: PhaseDraft = savedPhase
    ? { percent: savedPhase.percent, period: [dayjs(savedPhase.startAt), dayjs(savedPhase.endAt)], description: savedPhase.description }
    : { percent: null, period: null, description: '' };
  const [phaseEdit, setPhaseEdit] = useState<PhaseDraft | null>(null);
  if (initial !== base) {
    setBase(initial);
    setAdoptNext(false);
    if (adoptNext || (sameDraft(draft, base) && phaseEdit === null)) setDraft(initial);
  }
  const phaseDraft = phaseEdit ?? initialPhase;
  const update = useUpdateVersion(ref);
  const packageCalls = usePackageCalls(ref);
  const changePhase = useChangePhasedRelease(ref);
  const removeLanguage = useDeleteVersionLanguage(ref);
  const dirty = editable && (!sameDraft(draft, base) || phaseEdit !== null);
  const kept = useKeptDraft(version.versionId, editable, initial, draft, phaseEdit, dirty);
  const unsavedGuard = useUnsavedGuard(dirty);
  const liveCode = live && live.versionId !== version.versionId ? live.versionCode : null;

  const save = async (): Promise<boolean> => {
    // A PC installer goes through its own call (it needs its versionCode), as do the no-package choice and expansion files.
    const pc = app.platform === 'pc';
    const pkgEdit = pc || draft.noPackage ? (draft.pkgId === null && version.pkgId !== null && !draft.noPackage ? { pkgId: null } : {}) : { pkgId: draft.pkgId };
    const calls: Parameters<typeof packageCalls.mutateAsync>[0] = {};
    if (draft.noPackage !== version.noPackage) calls.noPackage = draft.noPackage;
    if (pc && draft.pkgId && draft.exeVersionCode !== null && (draft.pkgId !== version.pkgId || draft.exeVersionCode !== version.versionCode)) {
      calls.exe = { pkgId: draft.pkgId, versionCode: draft.exeVersionCode };
    }
    const savedMain = initial.obbMain;
    const savedPatch = initial.obbPatch;
    if (app.platform === 'android' && !draft.noPackage && (draft.obbMain !== savedMain || draft.obbPatch !== savedPatch)) calls.expansion = { main: draft.obbMain, patch: draft.obbPatch };
    const edit: VersionEdit = {
      ...pkgEdit,
      countries: draft.countries,
      releaseType: draft.releaseType,
      releaseAt: draft.releaseMode === 'at' && draft.releaseAt ? draft.releaseAt.toISOString() : null,
      ageRating: declaredAge ?? draft.ageRating,
      reviewNotes: draft.reviewNotes.trim() || null,
      testAccount: draft.account.trim() && draft.password ? { account: draft.account.trim(), password: draft.password } : null,
      listings: draft.languages.map((language) => ({ language, ...(draft.listings[language] ?? EMPTY_LISTING) })),
    };
    try {
      if (draft.releaseType === 'phased' && phaseEdit) {
        const [start, end] = phaseEdit.period ?? [null, null];
        if (percentOutOfRange(phaseEdit.percent)) {
          void message.warning(t('phasedSetup.percentRange', { min: PHASE_PERCENT.min, max: PHASE_PERCENT.max }));
          return false;
        }
        if (phaseEdit.percent === null || !start || !end || !phaseEdit.description.trim()) {
          void message.warning(t('phasedSetup.incomplete'));
          return false;
        }
        await update.mutateAsync(edit);
        if (Object.keys(calls).length) await packageCalls.mutateAsync(calls);
        await changePhase.mutateAsync({ state: 'UPDATE', percent: phaseEdit.percent, startAt: start.toISOString(), endAt: end.toISOString(), description: phaseEdit.description.trim() });
        setPhaseEdit(null);
      } else {
        await update.mutateAsync(edit);
        if (Object.keys(calls).length) await packageCalls.mutateAsync(calls);
      }
      setAdoptNext(true);
      dropKeptDraft(version.versionId);
      return true;
    } catch {
      // The request layer showed the server's reason.
      return false;
    }
  };

  const saving = update.isPending || changePhase.isPending || packageCalls.isPending;

  return (
    <Flex vertical gap="middle">
      {unsavedGuard}
      {kept.offer && (
        <Alert
          type="info"
          showIcon
          title={t('editor.kept', { time: kept.time })}
          action={
            <Flex gap="small">
              <Button
                size="small"
                type="primary"
                onClick={() => {
                  const offer = kept.offer!;
                  setDraft((d) => ({ ...offer.draft, password: d.password }));
                  setPhaseEdit(offer.phase);
                  kept.close();
                }}
              >
                {t('editor.restore')}
              </Button>
              <Button size="small" onClick={kept.discard}>
                {t('editor.discard')}
              </Button>
            </Flex>
          }
        />
      )}
      <PackageCard app={app} draft={draft} onChange={(change) => setDraft((d) => ({ ...d, ...change }))} editable={editable} liveCode={liveCode} />

      <Card title={t('listing.title')} size="small">
        <ListingEditor
          languages={draft.languages}
          listings={draft.listings}
          active={activeLanguage}
          defaultLanguage={app.defaultLanguage}
          disabled={!editable}
          onActive={onActiveLanguage}
          onChange={(language, update) => setDraft((d) => ({ ...d, listings: { ...d.listings, [language]: update(d.listings[language] ?? EMPTY_LISTING) } }))}
          onAdd={(language) => {
            setDraft((d) => ({ ...d, languages: [...d.languages, language], listings: { ...d.listings, [language]: d.listings[language] ?? { ...EMPTY_LISTING, name: app.name } } }));
            onActiveLanguage(language);
          }}
          onRemove={(language) => {
            const saved = version.listings.some((l) => l.language === language);
            const drop = () => {
              setDraft((d) => ({ ...d, languages: d.languages.filter((l) => l !== language) }));
              onActiveLanguage(app.defaultLanguage);
            };
            if (saved) removeLanguage.mutate(language, { onSuccess: drop });
            else drop();
          }}
        />
      </Card>

      <Card title={t('countries.title')} size="small">
        <CountriesField value={draft.countries} disabled={!editable} onChange={(countries) => set('countries', countries)} />
      </Card>

      <Card title={t('release.title')} size="small">
        <Form layout="vertical" disabled={!editable}>
          <Form.Item label={t('release.type')}>
            <Radio.Group value={draft.releaseType} onChange={(e) => set('releaseType', e.target.value as Version['releaseType'])}>
              <Radio value="full">{t('releaseType.full')}</Radio>
              <Radio value="phased" disabled={!app.everOnShelf}>
                {t('releaseType.phased')}
              </Radio>
            </Radio.Group>
            {!app.everOnShelf && <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>{t('release.phasedNeedsShelf')}</Typography.Paragraph>}
          </Form.Item>
          {draft.releaseType === 'phased' && (
            <Flex vertical gap={0} style={{ paddingInlineStart: 16, borderInlineStart: '2px solid #f0f0f0', marginBottom: 16 }}>
              <Form.Item
                label={t('phasedSetup.percent')}
                required
                extra={t('phasedSetup.percentHint')}
                {...(percentOutOfRange(phaseDraft.percent) ? { validateStatus: 'error' as const, help: t('phasedSetup.percentRange', { min: PHASE_PERCENT.min, max: PHASE_PERCENT.max }) } : {})}
              >
                <NumberInput
                  aria-label={t('phasedSetup.percent')}
                  step={0.01}
                  precision={2}
                  suffix="%"
                  value={phaseDraft.percent}
                  onChange={(percent) => setPhaseEdit({ ...phaseDraft, percent })}
                />
              </Form.Item>
              <Form.Item label={t('phasedSetup.period')} required extra={t('phasedSetup.periodHint', { days: PHASE_MAX_DAYS })}>
                <DatePicker.RangePicker
                  showTime={{ format: 'HH:mm' }}
                  format={pickerFormat(i18n.language)}
                  value={phaseDraft.period}
                  onChange={(period) => setPhaseEdit({ ...phaseDraft, period: period as PhaseDraft['period'] })}
                />
              </Form.Item>
              <Form.Item label={t('phasedSetup.note')} required>
                <Input.TextArea rows={2} maxLength={500} showCount value={phaseDraft.description} onChange={(e) => setPhaseEdit({ ...phaseDraft, description: e.target.value })} aria-label={t('phasedSetup.note')} />
              </Form.Item>
            </Flex>
          )}
          <Form.Item label={t('release.time')}>
            <Radio.Group value={draft.releaseMode} onChange={(e) => set('releaseMode', e.target.value as Draft['releaseMode'])}>
              <Radio value="approval">{t('release.immediately')}</Radio>
              <Radio value="at">{t('release.at')}</Radio>
            </Radio.Group>
          </Form.Item>
          {draft.releaseMode === 'at' && (
            <Form.Item label={t('actions.releaseTime')}>
              <DatePicker
                aria-label={t('actions.releaseTime')}
                showTime={{ format: 'HH:mm' }}
                format={pickerFormat(i18n.language)}
                value={draft.releaseAt}
                disabledDate={(d) => d.isBefore(dayjs(), 'day')}
                onChange={(at: Dayjs | null) => set('releaseAt', at)}
              />
            </Form.Item>
          )}
          <Form.Item
            label={t('release.ageRating')}
            extra={
              <Space orientation="vertical" size={2}>
                {!declaredAge && t('release.ageRatingHint')}
                <DeclaredAge appId={version.appId} to={`/apps/${version.appId}/age-rating`} />
              </Space>
            }
          >
            <Select
              aria-label={t('release.ageRating')}
              placeholder={t('release.noAgeRating')}
              value={declaredAge ?? draft.ageRating}
              disabled={!!declaredAge}
              onChange={(rating: Version['ageRating']) => set('ageRating', rating)}
              style={{ maxWidth: 320 }}
              options={AGE_RATINGS.map((r) => ({ value: r, label: t(`ageRating.${r}`) }))}
            />
          </Form.Item>
        </Form>
      </Card>

      <Card title={t('review.title')} size="small">
        <Form layout="vertical" disabled={!editable}>
          <Form.Item label={t('review.notes')} extra={t('review.notesHint')}>
            <Input.TextArea rows={3} maxLength={2000} showCount value={draft.reviewNotes} onChange={(e) => set('reviewNotes', e.target.value)} aria-label={t('review.notes')} />
          </Form.Item>
          <Flex gap="middle" wrap>
            <Form.Item label={t('review.account')} style={{ flex: 1, minWidth: 220 }}>
              <Input value={draft.account} maxLength={128} onChange={(e) => set('account', e.target.value)} aria-label={t('review.account')} autoComplete="off" />
            </Form.Item>
            <Form.Item label={t('review.password')} style={{ flex: 1, minWidth: 220 }}>
              <Input.Password value={draft.password} maxLength={128} onChange={(e) => set('password', e.target.value)} aria-label={t('review.password')} autoComplete="new-password" />
            </Form.Item>
          </Flex>
        </Form>
      </Card>

      {editable && (
        <Flex gap="small" justify="end" align="center">
          {dirty && <Typography.Text type="secondary">{t('editor.unsaved')}</Typography.Text>}
          <Button
            loading={saving}
            disabled={!dirty}
            onClick={() =>
              void save().then((ok) => {
                if (ok) void message.success(t('editor.saved'));
              })
            }
          >
            {t('editor.save')}
          </Button>
          {canSubmit && (
            <Button
              type="primary"
              loading={saving}
              onClick={() =>
                void (async () => {
                  if (dirty && !(await save())) return;
                  onSubmitRequest();
                })()
              }
            >
              {t('editor.submit')}
            </Button>
          )}
        </Flex>
      )}
    </Flex>
  );
}

/**
 * The draft kept on this device: an earlier unsaved one is offered back once (when it
 * differs from the saved version), and while the form is dirty it is written there.
 */
function useKeptDraft(versionId: string, editable: boolean, initial: Draft, draft: Draft, phaseEdit: PhaseDraft | null, dirty: boolean) {
  const display = useDisplay();
  const [offer, setOffer] = useState<KeptDraft | null>(() => {
    const found = editable ? readKeptDraft(versionId) : null;
    return found && !(sameDraft({ ...found.draft, password: '' }, { ...initial, password: '' }) && found.phase === null) ? found : null;
  });
  // Leaving the page within the pause after the last keystroke keeps that keystroke too.
  const pendingKeep = useRef<(() => void) | null>(null);
  useEffect(() => () => pendingKeep.current?.(), []);
  useEffect(() => {
    pendingKeep.current = null;
    // While an earlier draft is offered, it stays until the person chooses.
    if (offer || !editable) return;
    if (!dirty) {
      dropKeptDraft(versionId);
      return;
    }
    const timer = setTimeout(() => keepDraft(versionId, draft, phaseEdit), 300);
    pendingKeep.current = () => keepDraft(versionId, draft, phaseEdit);
    return () => clearTimeout(timer);
  }, [offer, editable, dirty, versionId, draft, phaseEdit]);
  return {
    offer,
    time: offer ? display.dateTime(offer.savedAt) : '',
    close: () => setOffer(null),
    discard: () => {
      dropKeptDraft(versionId);
      setOffer(null);
    },
  };
}
