import { useState } from 'react';
import { Alert, App as AntApp, Button, Card, Checkbox, DatePicker, Descriptions, Empty, Flex, Form, Input, Modal, Skeleton, Space, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { versionApi, type ResponseOf, type Version } from '@wharf/contract';
import { countryById, type Language, REGIONS, sortByCountryName } from '@wharf/rules';
import { pickerFormat } from '../../versions/display';
import { useDecide, useReviewTask } from '../hooks';
import { kindColor } from './ReviewQueuePage';
import { Changes, ListingDiff, PackageDownload } from '../components/ListingDiff';
import { StatusResult } from '../../../ui/StatusResult';
import { useDisplay } from '../../../session/display';

type Detail = ResponseOf<typeof versionApi.reviewTaskDetail>;
const REASON_KEYS = versionApi.REVIEW_REASON_KEYS;

/** One review task: the listing, the package's facts, the differences from the version on shelf, and the decision. */
export function ReviewTaskPage() {
  const { taskId = '' } = useParams();
  const { t } = useTranslation('review');
  const detail = useReviewTask(taskId);
  if (detail.isPending) return <Skeleton active />;
  if (!detail.data) return <StatusResult status="404" title={t('task.notFound')} extra={<Link to="/review">{t('task.back')}</Link>} />;
  return <Task detail={detail.data} />;
}

type ReleaseDetail = Detail & { version: Version; completeness: NonNullable<Detail['completeness']> };

function Task({ detail }: { detail: Detail }) {
  const { version, completeness } = detail;
  // A test version's task has its own facts (no listing, no completeness).
  if (!version || !completeness) return <TestVersionTask detail={detail} />;
  return <ReleaseTask detail={{ ...detail, version, completeness }} />;
}

/** Back to the queue, the app's name, and the task's kind, state and urging. */
function TaskHeading({ task }: { task: Detail['task'] }) {
  const { t } = useTranslation('review');
  const display = useDisplay();
  return (
    <>
      <Link to="/review">← {t('task.back')}</Link>
      <Flex align="center" gap="small" wrap>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {task.appName}
        </Typography.Title>
        <Tag color={kindColor(task.kind)}>{t(`kind.${task.kind}`)}</Tag>
        <Tag>{t(`taskState.${task.state}`)}</Tag>
        {task.urged && <Tag color="red">{t('queue.urged', { date: display.dateTime(task.urgedAt) })}</Tag>}
      </Flex>
    </>
  );
}

/** A test version submitted for review: its package, window, cap and groups. */
function TestVersionTask({ detail }: { detail: Detail }) {
  const { t } = useTranslation('review');
  const display = useDisplay();
  const { task, onShelf } = detail;
  const test = detail.testVersion;
  const pkg = detail.package;
  return (
    <Flex vertical gap="middle">
      <TaskHeading task={task} />
      <Descriptions size="small" column={{ xs: 1, md: 3 }} bordered>
        <Descriptions.Item label={t('task.packageName')}>
          <Typography.Text code>{task.packageName}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('task.version')}>{`${task.versionName ?? '—'} (${display.number(task.versionCode)})`}</Descriptions.Item>
        <Descriptions.Item label={t('task.submittedAt')}>{display.dateTime(task.submittedAt)}</Descriptions.Item>
        {test && <Descriptions.Item label={t('task.testName')}>{test.name}</Descriptions.Item>}
        {test && <Descriptions.Item label={t('task.testWindow')}>{`${display.dateTime(test.startAt)} – ${display.dateTime(test.endAt)}`}</Descriptions.Item>}
        {test && <Descriptions.Item label={t('task.installCap')}>{display.number(test.installCap)}</Descriptions.Item>}
        {test && <Descriptions.Item label={t('task.testGroups')}>{display.number(test.groupIds.length)}</Descriptions.Item>}
        <Descriptions.Item label={t('task.onShelf')}>{onShelf ? `${onShelf.versionName ?? '—'} (${display.number(onShelf.versionCode)})` : t('task.firstRelease')}</Descriptions.Item>
      </Descriptions>
      {task.state !== 'open' && (
        <Alert
          type={task.state === 'approved' ? 'success' : task.state === 'rejected' ? 'error' : 'info'}
          showIcon
          title={t('task.decided', { state: t(`taskState.${task.state}`), date: display.dateTime(task.decidedAt) })}
          description={[...task.reasons.map((r) => t(`reasons.${r}`, { ns: 'versions', defaultValue: r })), task.comment].filter(Boolean).join(' · ') || undefined}
        />
      )}
      <Card title={t('task.package')} size="small" extra={<PackageDownload pkg={pkg} />}>
        {pkg ? (
          <Descriptions size="small" column={{ xs: 1, md: 2 }}>
            <Descriptions.Item label={t('task.fileName')}>{pkg.fileName}</Descriptions.Item>
            <Descriptions.Item label={t('task.size')}>{display.size(pkg.size)}</Descriptions.Item>
            <Descriptions.Item label={t('task.sha256')}>
              <Typography.Text code>{pkg.sha256}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('task.permissions')}>{pkg.permissions.join(', ') || '—'}</Descriptions.Item>
          </Descriptions>
        ) : (
          <Typography.Text type="secondary">{t('task.noPackage')}</Typography.Text>
        )}
      </Card>
      {task.state === 'open' && <DecisionBar detail={detail} />}
    </Flex>
  );
}

function ReleaseTask({ detail }: { detail: ReleaseDetail }) {
  const { t, i18n } = useTranslation('review');
  const display = useDisplay();
  const { task, version, onShelf, completeness } = detail;
  const pkg = detail.package;
  const language = i18n.language as Language;
  // Whole regions by their name, the rest country by country.
  const countryNames = (codes: readonly string[]) => {
    const chosen = new Set(codes);
    const whole = REGIONS.filter((r) => r.countries.every((c) => chosen.has(c)));
    const covered = new Set(whole.flatMap((r) => r.countries));
    return [...whole.map((r) => t('task.wholeRegion', { region: r.names[language], count: r.countries.length })), ...sortByCountryName(codes.filter((c) => !covered.has(c)), language).map((c) => countryById(c)?.names[language] ?? c)].join(', ');
  };
  // What changes against the version on shelf, as the server works it out.
  const diff = detail.diff;
  return (
    <Flex vertical gap="middle">
      <TaskHeading task={task} />
      <Descriptions size="small" column={{ xs: 1, md: 3 }} bordered>
        <Descriptions.Item label={t('task.packageName')}>
          <Typography.Text code>{task.packageName}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('task.version')}>{`${version.versionName ?? '—'} (${display.number(version.versionCode)})`}</Descriptions.Item>
        <Descriptions.Item label={t('task.submittedAt')}>{display.dateTime(task.submittedAt)}</Descriptions.Item>
        <Descriptions.Item label={t('task.releaseType')}>{t(`releaseType.${version.releaseType}`, { ns: 'versions' })}</Descriptions.Item>
        <Descriptions.Item label={t('task.releaseAt')}>{version.releaseAt ? display.dateTime(version.releaseAt) : t('release.immediately', { ns: 'versions' })}</Descriptions.Item>
        {detail.phasedRelease && (
          <>
            <Descriptions.Item label={t('task.phasedShare')}>{`${display.number(detail.phasedRelease.percent)} %`}</Descriptions.Item>
            <Descriptions.Item label={t('task.phasedPeriod')}>{`${display.dateTime(detail.phasedRelease.startAt)} – ${display.dateTime(detail.phasedRelease.endAt)}`}</Descriptions.Item>
            <Descriptions.Item label={t('task.phasedNote')}>{detail.phasedRelease.description || '—'}</Descriptions.Item>
          </>
        )}
        <Descriptions.Item label={t('release.ageRating', { ns: 'versions' })}>{version.ageRating ? t(`ageRating.${version.ageRating}`, { ns: 'versions' }) : t('release.noAgeRating', { ns: 'versions' })}</Descriptions.Item>
        {/* An approved release or update is on shelf itself: beside it, the version it replaced. */}
        <Descriptions.Item label={t(task.state === 'approved' && (task.kind === 'release' || task.kind === 'update') ? 'task.replaced' : 'task.onShelf')}>
          {onShelf ? `${onShelf.versionName ?? '—'} (${display.number(onShelf.versionCode)})` : t('task.firstRelease')}
        </Descriptions.Item>
      </Descriptions>
      {task.reason && <Alert type="warning" showIcon title={t('task.requestReason', { reason: task.reason })} />}
      {task.state !== 'open' && (
        <Alert
          type={task.state === 'approved' ? 'success' : task.state === 'rejected' ? 'error' : 'info'}
          showIcon
          title={t('task.decided', { state: t(`taskState.${task.state}`), date: display.dateTime(task.decidedAt) })}
          description={[...task.reasons.map((r) => t(`reasons.${r}`, { ns: 'versions', defaultValue: r })), task.comment].filter(Boolean).join(' · ') || undefined}
        />
      )}
      {!completeness.complete && <Alert type="warning" showIcon title={t('task.incomplete', { count: completeness.missing.length })} />}
      {completeness.versionCodeWarning && <Alert type="warning" showIcon title={t('task.sameVersionCode')} />}

      <Card title={t('task.package')} size="small" extra={<PackageDownload pkg={pkg} />}>
        {pkg ? (
          <Descriptions size="small" column={{ xs: 1, md: 2 }}>
            <Descriptions.Item label={t('task.fileName')}>{pkg.fileName}</Descriptions.Item>
            <Descriptions.Item label={t('task.size')}>{display.size(pkg.size)}</Descriptions.Item>
            <Descriptions.Item label={t('task.minSdk')}>{pkg.minSdk ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('task.targetSdk')}>{pkg.targetSdk ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('task.sha256')} span={2}>
              <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
                {pkg.sha256}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('task.permissions', { count: pkg.permissions.length })} span={2}>
              {pkg.permissions.length === 0 && '—'}
              <Space size={[4, 4]} wrap>
                {pkg.permissions.map((p) => (
                  <Tag key={p}>{p}</Tag>
                ))}
              </Space>
            </Descriptions.Item>
          </Descriptions>
        ) : (
          <Empty description={t('task.noPackage')} />
        )}
      </Card>

      <Card title={onShelf ? t('task.diffTitle') : t('task.listingTitle')} size="small">
        <Flex vertical gap="small">
          {diff && (
            <Descriptions size="small" column={1}>
              <Descriptions.Item label={t('task.versionCode')}>
                {display.number(diff.versionCode.from)} → {display.number(diff.versionCode.to)}
              </Descriptions.Item>
              <Descriptions.Item label={t('task.countries')}>
                <Changes added={countryNames(diff.countries.added)} removed={countryNames(diff.countries.removed)} />
              </Descriptions.Item>
              <Descriptions.Item label={t('task.permissionsChange')}>
                <Changes added={diff.permissions.added.join(', ')} removed={diff.permissions.removed.join(', ')} />
              </Descriptions.Item>
              {diff.signerChanged && (
                <Descriptions.Item label={t('task.signer')}>
                  <Typography.Text type="danger">{t('task.signerChanged')}</Typography.Text>
                </Descriptions.Item>
              )}
            </Descriptions>
          )}
          {!diff && (
            <Typography.Text>
              {t('task.countries')}: {countryNames(version.countries) || '—'}
            </Typography.Text>
          )}
          <ListingDiff version={version} onShelf={onShelf} changes={diff?.listings ?? []} media={detail.media ?? {}} />
          {(version.reviewNotes || version.testAccount) && (
            <Descriptions size="small" column={1} title={t('task.reviewInfo')}>
              {version.reviewNotes && <Descriptions.Item label={t('task.notes')}>{version.reviewNotes}</Descriptions.Item>}
              {version.testAccount && (
                <Descriptions.Item label={t('task.testAccount')}>
                  <Typography.Text code copyable>
                    {version.testAccount.account}
                  </Typography.Text>{' '}
                  / <Typography.Text code copyable>{version.testAccount.password}</Typography.Text>
                </Descriptions.Item>
              )}
            </Descriptions>
          )}
        </Flex>
      </Card>
      {task.state === 'open' && <DecisionBar detail={detail} />}
    </Flex>
  );
}

/** Approve (a release optionally at a set time) or reject with reasons from the catalogue and free text. */
function DecisionBar({ detail }: { detail: Detail }) {
  const { t, i18n } = useTranslation('review');
  const { message } = AntApp.useApp();
  const decide = useDecide(detail.task.taskId);
  const [mode, setMode] = useState<'approve' | 'reject' | null>(null);
  const [releaseAt, setReleaseAt] = useState<Dayjs | null>(null);
  const [reasons, setReasons] = useState<Array<(typeof REASON_KEYS)[number]>>([]);
  const [comment, setComment] = useState('');
  const release = detail.task.kind === 'release' || detail.task.kind === 'update';
  const close = () => setMode(null);
  const submit = async () => {
    try {
      if (mode === 'approve') {
        await decide.mutateAsync({ decision: 'approve', ...(release && releaseAt ? { releaseAt: releaseAt.toISOString() } : {}), reasons: [] });
        void message.success(t('decide.approved'));
      } else {
        await decide.mutateAsync({ decision: 'reject', reasons, ...(comment.trim() ? { comment: comment.trim() } : {}) });
        void message.success(t('decide.rejected'));
      }
      close();
    } catch {
      // Shown by the request layer.
    }
  };
  const rejectReady = reasons.length > 0 || comment.trim() !== '';
  return (
    <Card size="small">
      <Flex gap="small" justify="end">
        <Button danger onClick={() => setMode('reject')}>
          {t('decide.reject')}
        </Button>
        <Button type="primary" onClick={() => setMode('approve')}>
          {t('decide.approve')}
        </Button>
      </Flex>
      <Modal
        open={mode !== null}
        title={mode === 'approve' ? t('decide.approveTitle', { app: detail.task.appName }) : t('decide.rejectTitle', { app: detail.task.appName })}
        okText={mode === 'approve' ? t('decide.approve') : t('decide.reject')}
        cancelText={t('decide.back')}
        okButtonProps={{ danger: mode === 'reject', disabled: mode === 'reject' && !rejectReady, loading: decide.isPending }}
        onOk={() => void submit()}
        onCancel={close}
      >
        {mode === 'approve' ? (
          <Form layout="vertical">
            <Typography.Paragraph>{release ? t('decide.approveText') : t(`decide.approveKind.${detail.task.kind}`)}</Typography.Paragraph>
            {release && (
              <Form.Item label={t('decide.releaseAt')} extra={t('decide.releaseAtHint')}>
                <DatePicker
                  aria-label={t('decide.releaseAt')}
                  showTime={{ format: 'HH:mm' }}
                  format={pickerFormat(i18n.language)}
                  value={releaseAt}
                  disabledDate={(d) => d.isBefore(dayjs(), 'day')}
                  onChange={(v: Dayjs | null) => setReleaseAt(v)}
                />
              </Form.Item>
            )}
          </Form>
        ) : (
          <Form layout="vertical">
            <Form.Item label={t('decide.reasons')}>
              <Checkbox.Group value={reasons} onChange={(v) => setReasons(v as typeof reasons)}>
                <Flex vertical gap={4}>
                  {REASON_KEYS.map((r) => (
                    <Checkbox key={r} value={r}>
                      {t(`reasons.${r}`, { ns: 'versions' })}
                    </Checkbox>
                  ))}
                </Flex>
              </Checkbox.Group>
            </Form.Item>
            <Form.Item label={t('decide.comment')} extra={t('decide.commentHint')}>
              <Input.TextArea rows={3} maxLength={2000} showCount value={comment} onChange={(e) => setComment(e.target.value)} aria-label={t('decide.comment')} />
            </Form.Item>
          </Form>
        )}
      </Modal>
    </Card>
  );
}
