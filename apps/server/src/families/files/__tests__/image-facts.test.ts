import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { jpegOfSize, pngOfSize } from '../../../harness';
import { decodeImageHead, imageFactsOf, keepingHead } from '../image-facts';

describe("an image's facts from its first bytes", () => {
  it('reads the type and size of a PNG and a JPEG, whatever was declared', () => {
    expect(decodeImageHead(pngOfSize(216, 216))).toEqual({ contentType: 'image/png', width: 216, height: 216 });
    expect(imageFactsOf(jpegOfSize(800, 450), 'image/png')).toEqual({ contentType: 'image/jpeg', width: 800, height: 450 });
  });

  it('keeps the declared type and no size for bytes it cannot read', () => {
    expect(imageFactsOf(Buffer.from('not an image at all'), 'image/png')).toEqual({ contentType: 'image/png', width: null, height: null });
    expect(decodeImageHead(pngOfSize(216, 216).subarray(0, 12))).toEqual({ contentType: null, width: null, height: null });
  });

  it('passes every byte on and keeps only the first ones', async () => {
    const bytes = Buffer.alloc(700 * 1024, 7);
    const kept = keepingHead(Readable.from([bytes.subarray(0, 300 * 1024), bytes.subarray(300 * 1024)]));
    const out: Buffer[] = [];
    for await (const chunk of kept) out.push(chunk as Buffer);
    expect(Buffer.concat(out).equals(bytes)).toBe(true);
    expect(kept.head.length).toBe(512 * 1024);
  });

  it('passes a failure of its source on to the reader', async () => {
    const source = new Readable({ read() {} });
    const kept = keepingHead(source);
    source.destroy(new Error('refused'));
    await expect(async () => {
      for await (const _ of kept) void _;
    }).rejects.toThrow('refused');
  });
});
