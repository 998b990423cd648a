import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileApi } from '@wharf/contract';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { teamWithCustomMember } from '../../../harness/scenarios';
import { lostJobAfterMs } from '../../../platform/jobs';
import { FilesService } from '../service';
import { scheduleSweep } from '../sweep';
import { VideoService } from '../video-service';

/** 2 s of H.264 160x120 at 25 fps with AAC audio, moov after mdat (see __fixtures__/README.md). */
const MP4 = fs.readFileSync(path.join(import.meta.dirname, '__fixtures__/tiny-h264-aac.mp4'));

let t: TestApp;
let u: TestUser;
beforeAll(async () => {
  t = await createTestApp({ env: { WHARF_JOBS: 'on' } });
  u = await TestUser.register(t);
});
afterAll(() => t.close());

/** The EBML header of a WebM file: a video, but not ISO media. */
const WEBM_HEAD = Buffer.concat([Buffer.from('1a45dfa39f4286810142f7810142f2810442f381084282847765626d42878102428581021853806701ffffffffffffff', 'hex'), Buffer.alloc(200, 7)]);

async function uploaded(bytes: Buffer, fileName = 'clip.mp4', user = u) {
  return (await user.call(fileApi.uploadObject, { query: { fileName, contentType: 'video/mp4' }, raw: bytes })).json().object.objectId as string;
}

async function settled(taskId: string, user = u, headers: Record<string, string> = {}) {
  for (let i = 0; i < 120; i += 1) {
    const res = await user.call(fileApi.videoParseResult, { query: { taskId }, headers });
    if (res.json().task.state !== 'parsing') return res.json().task;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('video parse did not finish');
}

describe('video parse', () => {
  it('reads duration, size and codecs of an MP4 in the background', async () => {
    const started = await u.call(fileApi.videoParse, { body: { objectId: await uploaded(MP4) } });
    expect(started.statusCode).toBe(200);
    expect(started.json().task).toMatchObject({ state: 'parsing', video: null });
    const task = await settled(started.json().task.taskId);
    expect(task.state).toBe('parsed');
    expect(task.video).toMatchObject({ duration: 2, width: 160, height: 120, frameRate: 25, brand: 'isom' });
    expect(task.video.codec).toMatch(/^avc1\.42/);
    expect(task.video.audioCodec).toMatch(/^mp4a\.40/);
    expect(task.finishedAt).not.toBeNull();
  });

  it('times a fragmented MP4 from its fragment headers', async () => {
    const fragmented = fs.readFileSync(path.join(import.meta.dirname, '__fixtures__/tiny-fragmented.mp4'));
    const { taskId } = (await u.call(fileApi.videoParse, { body: { objectId: await uploaded(fragmented, 'frag.mp4') } })).json().task;
    const task = await settled(taskId);
    expect(task).toMatchObject({ state: 'parsed', video: { duration: 1, width: 320, height: 240, frameRate: 30, audioCodec: null } });
    expect(task.video.codec).toMatch(/^avc1\.4d/);
  });

  it('fails a file that is not an MP4 with a reason in the caller language', async () => {
    const { taskId } = (await u.call(fileApi.videoParse, { body: { objectId: await uploaded(WEBM_HEAD, 'x.webm') } })).json().task;
    const task = await settled(taskId, u, { 'x-lang': 'zh' });
    expect(task).toMatchObject({ state: 'failed', video: null });
    expect(task.failureReason).toContain('MP4/MOV');
  });

  it('fails a truncated MP4 (no moov) clearly', async () => {
    const moovAt = MP4.indexOf('moov') - 4;
    const { taskId } = (await u.call(fileApi.videoParse, { body: { objectId: await uploaded(MP4.subarray(0, moovAt)) } })).json().task;
    const task = await settled(taskId);
    expect(task.state).toBe('failed');
    expect(task.failureReason).toBe('The video has no moov box: it is truncated or was never finished');
  });

  it('answers 400 for a bad id and 404 for another team, never leaking the task', async () => {
    expect((await u.call(fileApi.videoParse, { body: { objectId: 'x' } })).json().ret.msg).toContain('objectId');
    const other = await TestUser.register(t);
    const theirs = await uploaded(MP4, 'theirs.mp4', other);
    expect((await u.call(fileApi.videoParse, { body: { objectId: theirs } })).statusCode).toBe(404);
    const { taskId } = (await other.call(fileApi.videoParse, { body: { objectId: theirs } })).json().task;
    const peek = await u.call(fileApi.videoParseResult, { query: { taskId } });
    expect(peek.statusCode).toBe(404);
    expect(peek.body).not.toContain(theirs);
  });

  it('needs file.upload to start one', async () => {
    const { holder, member } = await teamWithCustomMember(t, ['team.read', 'app.read']);
    const objectId = await uploaded(MP4, 'clip.mp4', holder);
    expect((await member.call(fileApi.videoParse, { body: { objectId } })).statusCode).toBe(403);
  });
});

describe('video parses that lose their job or never finish', () => {
  /** The task row a parse request makes, without its job: as if the process died right after the insert. */
  async function withoutJob(fileId: string, ageMs: number): Promise<string> {
    const { rows } = await t.deps.database.executeSql(
      `insert into video_parses (team_id, file_id, state, created_by, created_at) values ($1, $2, 'parsing', $3, $4) returning id`,
      [u.teamId, fileId, u.userId, new Date(t.clock.now().getTime() - ageMs)],
    );
    return (rows[0] as { id: string }).id;
  }

  it('get their job again from the hourly sweep once no attempt of a sent one could still run, and finish once', async () => {
    const lostAfter = lostJobAfterMs(t.config.jobExpireSeconds);
    const lost = await withoutJob(await uploaded(MP4, 'lost.mp4'), lostAfter + 60_000);
    const recent = await withoutJob(await uploaded(MP4, 'recent.mp4'), lostAfter - 60_000);
    await scheduleSweep(t.deps, t.deps.db, t.clock.now());
    await t.deps.dueActions.runDue();
    expect(await settled(lost)).toMatchObject({ state: 'parsed', video: { duration: 2 } });
    // A task this recent may still have its job: left alone.
    expect((await u.call(fileApi.videoParseResult, { query: { taskId: recent } })).json().task.state).toBe('parsing');

    // Run twice (the job and the one sent again), a parse writes one outcome and one audit event.
    const twice = await withoutJob(await uploaded(MP4, 'twice.mp4'), 0);
    const video = new VideoService(t.deps, new FilesService(t.deps));
    await Promise.all([video.parse(twice), video.parse(twice)]);
    const { rows } = await t.deps.database.executeSql(`select action from audit_events where data->>'taskId' = $1`, [twice]);
    expect(rows).toEqual([{ action: 'file.videoParsed' }]);
  });

  it('end as failed with a reason when every attempt failed, and a finished one is left alone', async () => {
    const video = new VideoService(t.deps, new FilesService(t.deps));
    const stuck = await withoutJob(await uploaded(MP4, 'stuck.mp4'), 0);
    await video.gaveUp(stuck);
    const task = await settled(stuck);
    expect(task).toMatchObject({ state: 'failed', video: null });
    expect(task.failureReason).toMatch(/did not finish after several attempts/);
    await video.gaveUp(stuck);
    const { rows } = await t.deps.database.executeSql(`select action from audit_events where data->>'taskId' = $1`, [stuck]);
    expect(rows).toEqual([{ action: 'file.videoParseFailed' }]);
  });
});
