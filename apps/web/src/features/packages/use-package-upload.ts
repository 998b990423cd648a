import { useRef, useState } from 'react';
import type { PackageInfo } from '@wharf/contract';
import { uploadInParts, type UploadProgress } from '../../upload/multipart';
import { useAddPackage } from './hooks';

export type UploadJob =
  | { status: 'uploading'; fileName: string; progress: UploadProgress }
  | { status: 'registering'; fileName: string; progress: UploadProgress }
  | { status: 'added'; fileName: string; progress: UploadProgress; pkg: PackageInfo }
  | { status: 'failed'; fileName: string; progress: UploadProgress; error: unknown; file: File }
  | { status: 'cancelled'; fileName: string; progress: UploadProgress };

/**
 * One package upload: the file goes to the file service in parts (resumed after dropped
 * connections), then becomes a package of the app (package.add), parsed in the background.
 */
export function usePackageUpload(appId: string) {
  const add = useAddPackage(appId);
  const [job, setJob] = useState<UploadJob | null>(null);
  const controller = useRef<AbortController | null>(null);

  /** Starts an upload; with the id of a failed one, only the parts the server lacks are sent. */
  const start = async (file: File, resumeUploadId: string | null = null) => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    let progress: UploadProgress = { phase: 'starting', sent: 0, total: file.size, bytesPerSecond: null, resumes: 0, uploadId: resumeUploadId };
    const mine = () => controller.current === abort;
    setJob({ status: 'uploading', fileName: file.name, progress });
    try {
      const object = await uploadInParts(file, {
        bizTag: 'apk',
        signal: abort.signal,
        resumeUploadId,
        onProgress: (p) => {
          progress = p;
          if (mine()) setJob({ status: 'uploading', fileName: file.name, progress: p });
        },
      });
      if (!mine()) return;
      setJob({ status: 'registering', fileName: file.name, progress });
      const pkg = await add.mutateAsync(object.objectId);
      if (mine()) setJob({ status: 'added', fileName: file.name, progress, pkg });
    } catch (error) {
      if (!mine()) return;
      if (abort.signal.aborted) setJob({ status: 'cancelled', fileName: file.name, progress });
      else setJob({ status: 'failed', fileName: file.name, progress, error, file });
    }
  };

  const cancel = () => {
    controller.current?.abort();
  };

  const dismiss = () => {
    controller.current = null;
    setJob(null);
  };

  /** Tries a failed upload again from where the server's parts end. */
  const retry = () => {
    if (job?.status === 'failed') void start(job.file, job.progress.uploadId);
  };

  return { job, start: (file: File) => void start(file), retry, cancel, dismiss };
}
