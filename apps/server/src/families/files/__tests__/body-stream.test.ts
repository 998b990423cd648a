import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { bodyStream } from '../routes/upload';

const uncaught: unknown[] = [];
const record = (err: unknown) => uncaught.push(err);
afterEach(() => {
  process.off('uncaughtException', record);
  uncaught.length = 0;
});

describe('an upload body that stops arriving', () => {
  it('fails its reader with the timeout', async () => {
    const source = new PassThrough();
    source.write('first bytes');
    const reading = pipeline(bodyStream(source, 50), new PassThrough().resume());
    await expect(reading).rejects.toMatchObject({ status: 408, retName: 'requestTimeout' });
  });

  it('is dropped quietly when the call was refused before anyone read it', async () => {
    process.on('uncaughtException', record);
    const source = new PassThrough();
    const body = bodyStream(source, 50);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(body.destroyed).toBe(true);
    expect(body.errored).toMatchObject({ status: 408 });
    expect(uncaught).toEqual([]);
  });
});
