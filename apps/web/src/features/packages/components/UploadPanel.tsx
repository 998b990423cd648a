import { Alert, Button, Card, Flex, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError, errorText } from '../../../request/errors';
import type { UploadJob } from '../use-package-upload';
import { useDisplay } from '../../../session/display';

/** The upload under way: bytes sent of the total, speed, reconnection, then parsing. */
export function UploadPanel({
  job,
  checked,
  onCancel,
  onRetry,
  onDismiss,
}: {
  job: UploadJob;
  /** How the check of the added package ended, once it has. */
  checked: 'parsed' | 'failed' | null;
  onCancel: () => void;
  onRetry: () => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation('packages');
  const { t: common } = useTranslation();
  const display = useDisplay();
  const { progress } = job;
  const percent = progress.total > 0 ? Math.floor((progress.sent / progress.total) * 100) : 0;
  const uploading = job.status === 'uploading';
  const status = job.status === 'failed' ? 'exception' : job.status === 'added' ? 'success' : 'active';
  const phaseText =
    job.status === 'uploading'
      ? t(`upload.phase.${progress.phase}`)
      : job.status === 'registering'
        ? t('upload.registering')
        : job.status === 'added'
          ? checked
            ? t(`upload.checked.${checked}`)
            : t('upload.added')
          : job.status === 'cancelled'
            ? t('upload.cancelled')
            : t('upload.failed');

  return (
    <Card size="small" title={job.fileName} style={{ marginTop: 16 }} aria-live="polite">
      <Progress percent={percent} status={status} aria-label={t('upload.progressLabel')} />
      <Flex justify="space-between" gap="middle" wrap>
        <Typography.Text>{t('upload.sent', { sent: display.size(progress.sent), total: display.size(progress.total) })}</Typography.Text>
        {uploading && progress.bytesPerSecond !== null && <Typography.Text type="secondary">{t('upload.speed', { speed: display.size(progress.bytesPerSecond) })}</Typography.Text>}
      </Flex>
      <Typography.Paragraph type={progress.phase === 'reconnecting' && uploading ? 'warning' : 'secondary'} style={{ margin: '8px 0 0' }}>
        {phaseText}
        {progress.resumes > 0 && ` ${t('upload.resumed', { count: progress.resumes })}`}
      </Typography.Paragraph>
      {job.status === 'failed' && <Alert type="error" showIcon style={{ marginTop: 8 }} title={job.error instanceof ApiError ? errorText(job.error, common, display.language) : String(job.error)} />}
      <Flex gap="small" style={{ marginTop: 12 }}>
        {uploading && <Button onClick={onCancel}>{t('upload.cancel')}</Button>}
        {job.status === 'failed' && (
          <Button type="primary" onClick={onRetry}>
            {t('upload.retry')}
          </Button>
        )}
        {(job.status === 'failed' || job.status === 'cancelled' || job.status === 'added') && <Button onClick={onDismiss}>{t('upload.dismiss')}</Button>}
      </Flex>
    </Card>
  );
}
