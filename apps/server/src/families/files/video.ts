import { buffer } from 'node:stream/consumers';
import { createFile, MP4BoxBuffer, type Movie } from 'mp4box';
import type { VideoFacts } from '@wharf/contract';
import type { LocalisedText } from '../../platform/http/errors';
import type { ObjectStorage } from '../../platform/storage';

/** The movie header of a real video is kilobytes to a few MB; larger is not a video we accept. */
const MAX_MOOV_BYTES = 32 * 1024 * 1024;
/** Top-level boxes read before giving up: plain files have a handful, fragmented ones one moof/mdat pair per fragment. */
const MAX_TOP_LEVEL_BOXES = 20_000;
/** Fragment headers read to time a fragmented file (each is a few hundred bytes). */
const MAX_MOOF_BYTES = 32 * 1024 * 1024;

export class VideoParseError extends Error {
  constructor(readonly text: LocalisedText) {
    super(text.en);
  }
}

interface Box {
  type: string;
  start: number;
  size: number;
}

/**
 * Finds ftyp and moov among the top-level boxes by reading only box headers, so the media
 * data (almost all of a file, and often before moov) is skipped, never read.
 */
async function topLevelBoxes(read: (start: number, end: number) => Promise<Buffer>, fileSize: number, from: number, stopAtMoov: boolean): Promise<Box[]> {
  const boxes: Box[] = [];
  let at = from;
  while (at + 8 <= fileSize && boxes.length < MAX_TOP_LEVEL_BOXES) {
    const head = await read(at, Math.min(at + 16, fileSize) - 1);
    let size = head.readUInt32BE(0);
    const type = head.toString('latin1', 4, 8);
    if (!/^[\x20-\x7e]{4}$/.test(type)) break;
    if (size === 1) {
      if (head.length < 16) break;
      size = Number(head.readBigUInt64BE(8));
    } else if (size === 0) size = fileSize - at;
    if (size < 8 || at + size > fileSize) {
      boxes.push({ type, start: at, size: fileSize - at });
      break;
    }
    boxes.push({ type, start: at, size });
    if (from === 0 && boxes.length === 1 && type !== 'ftyp') break;
    if (stopAtMoov && type === 'moov') break;
    at += size;
  }
  return boxes;
}

function factsOf(movie: Movie): VideoFacts {
  const video = movie.videoTracks[0];
  if (!video) throw new VideoParseError({ zh: '文件中没有视频轨道', en: 'The file has no video track', ru: 'В файле нет видеодорожки' });
  // A fragmented file's moov says nothing of its length: the fragments' samples do.
  const trackSeconds = video.timescale ? (video.duration || video.samples_duration) / video.timescale : 0;
  const seconds = movie.timescale && movie.duration ? movie.duration / movie.timescale : trackSeconds;
  return {
    duration: Math.round(seconds * 1000) / 1000,
    width: video.video?.width ?? Math.round(video.track_width),
    height: video.video?.height ?? Math.round(video.track_height),
    codec: video.codec,
    brand: movie.brands[0] ?? '',
    frameRate: trackSeconds > 0 ? Math.round((video.nb_samples / trackSeconds) * 100) / 100 : null,
    bitrate: Number.isFinite(video.bitrate) && video.bitrate > 0 ? Math.round(video.bitrate) : null,
    audioCodec: movie.audioTracks[0]?.codec ?? null,
  };
}

/** Reads duration, size and codecs of an MP4/MOV (ISO base media) file in storage. */
export async function parseVideo(storage: ObjectStorage, key: string, fileSize: number): Promise<VideoFacts> {
  const read = async (start: number, end: number) => buffer(await storage.get(key, { start, end }));
  const boxes = await topLevelBoxes(read, fileSize, 0, true);
  const ftyp = boxes.find((b) => b.type === 'ftyp');
  const moov = boxes.find((b) => b.type === 'moov');
  if (!ftyp) throw new VideoParseError({ zh: '不是 MP4/MOV 视频（缺少 ftyp）', en: 'Not an MP4/MOV video: the file does not start with an ftyp box', ru: 'Это не видео MP4/MOV: файл не начинается с блока ftyp' });
  if (!moov) throw new VideoParseError({ zh: '视频缺少 moov（文件不完整或尚未写完）', en: 'The video has no moov box: it is truncated or was never finished', ru: 'В видео нет блока moov: файл обрезан или не был дописан' });
  if (moov.size > MAX_MOOV_BYTES) throw new VideoParseError({ zh: '视频的 moov 过大', en: `The video's moov box is larger than ${MAX_MOOV_BYTES / 1024 ** 2} MB`, ru: `Блок moov видео больше ${MAX_MOOV_BYTES / 1024 ** 2} МБ` });
  const headers = [await read(ftyp.start, ftyp.start + ftyp.size - 1), await read(moov.start, moov.start + moov.size - 1)];
  let movie = readMovie(headers);
  if (movie.isFragmented && !movie.duration) {
    const moofs = (await topLevelBoxes(read, fileSize, moov.start + moov.size, false)).filter((b) => b.type === 'moof');
    let budget = MAX_MOOF_BYTES;
    for (const moof of moofs) {
      if ((budget -= moof.size) < 0) break;
      headers.push(await read(moof.start, moof.start + moof.size - 1));
    }
    movie = readMovie(headers);
  }
  return factsOf(movie);
}

/** mp4box on the header boxes only: laid side by side they parse as a file without media. */
function readMovie(boxes: Buffer[]): Movie {
  const bytes = Buffer.concat(boxes);
  const file = createFile();
  let movie: Movie | null = null;
  let failure: string | null = null;
  file.onReady = (info) => {
    movie = info;
  };
  file.onError = (_module, message) => {
    failure = message;
  };
  const ab = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  try {
    file.appendBuffer(MP4BoxBuffer.fromArrayBuffer(ab, 0), true);
    file.flush();
  } catch (err) {
    failure = (err as Error).message;
  }
  if (!movie) throw new VideoParseError({ zh: `视频头无法解析：${failure ?? '未知原因'}`, en: `The video header cannot be read: ${failure ?? 'no movie found'}`, ru: `Заголовок видео не читается: ${failure ?? 'фильм не найден'}` });
  return movie;
}
