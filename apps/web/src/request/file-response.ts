import axios, { type AxiosResponse } from 'axios';

/** A file an endpoint answered: its bytes, and the name its Content-Disposition gives. */
export interface FileAnswer {
  blob: Blob;
  fileName: string | null;
}

const isJson = (type: unknown) => String(type ?? '').includes('application/json');

/** RFC 6266: `filename*=UTF-8''…` (percent-encoded) first, else a plain `filename="…"`. */
export function fileNameOf(disposition: unknown): string | null {
  const text = String(disposition ?? '');
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(text);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!);
    } catch {
      return null;
    }
  }
  return /filename="?([^";]+)"?/i.exec(text)?.[1] ?? null;
}

/**
 * Asked for as a file, an answer is the file, or (a refusal, or a success without a file)
 * the usual JSON envelope, read out of the blob so the request layer handles it as any other.
 */
export async function readFileAnswer(response: AxiosResponse<unknown>): Promise<FileAnswer | null> {
  if (!(response.data instanceof Blob)) return null;
  if (!isJson(response.headers['content-type'])) return { blob: response.data, fileName: fileNameOf(response.headers['content-disposition']) };
  response.data = JSON.parse(await response.data.text()) as unknown;
  return null;
}

/** A refused file request carries its JSON envelope as a blob: read it back, so the error says why. */
export async function withJsonBody(err: unknown): Promise<unknown> {
  if (axios.isAxiosError(err) && err.response?.data instanceof Blob && isJson(err.response.headers['content-type'])) {
    try {
      err.response.data = JSON.parse(await err.response.data.text()) as unknown;
    } catch {
      // not JSON after all: the status says enough
    }
  }
  return err;
}
