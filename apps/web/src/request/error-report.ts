/**
 * Client errors for an error-reporting service (config.errorReportUrl). Each error is
 * logged to the console and forwarded: navigator.sendBeacon when the browser has it (it
 * survives the page closing), else a keepalive fetch. Forwarding never throws.
 */

export interface ClientErrorReport {
  kind: 'request' | 'script' | 'rejection';
  message: string;
  endpointId?: string;
  status?: number | null;
  code?: number | null;
  url: string;
  at: string;
}

export function forwardClientError(reportUrl: string | null | undefined, report: ClientErrorReport): void {
  if (!reportUrl) return;
  console.error('[wharf]', report.kind, report.message, report);
  const body = JSON.stringify(report);
  try {
    if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
      if (navigator.sendBeacon(reportUrl, new Blob([body], { type: 'application/json' }))) return;
    }
    if (typeof fetch === 'function') {
      void fetch(reportUrl, {
        method: 'POST',
        body,
        headers: { 'Content-Type': 'application/json' },
        keepalive: true,
        credentials: 'omit',
      }).catch(() => undefined);
    }
  } catch {
    // a failing report must not become another error
  }
}

/** Forwards uncaught script errors and unhandled rejections of the page. */
export function installErrorForwarding(reportUrl: () => string | null | undefined): () => void {
  const onError = (event: ErrorEvent) =>
    forwardClientError(reportUrl(), { kind: 'script', message: event.message, url: location.href, at: new Date().toISOString() });
  const onRejection = (event: PromiseRejectionEvent) => {
    const reason: unknown = event.reason;
    // Failed calls were already reported by the request layer.
    if (reason instanceof Error && reason.name === 'ApiError') return;
    const message = reason instanceof Error ? reason.message : String(reason);
    forwardClientError(reportUrl(), { kind: 'rejection', message, url: location.href, at: new Date().toISOString() });
  };
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}
