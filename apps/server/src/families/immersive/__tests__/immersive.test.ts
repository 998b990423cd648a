import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { appApi, fileApi, immersiveApi } from '@wharf/contract';
import { TestUser, type TestApp } from '../../../harness';
import { teamWithMember } from '../../../harness/scenarios';
import { appWithOperator, newApp, uploaded } from '../../../harness/scenarios';

let t: TestApp;
let op: TestUser;
beforeAll(async () => {
  ({ t, op } = await appWithOperator());
});
afterAll(() => t.close());

/** A picture: a white background with a coloured block covering `share` of its rows. */
function picture(rgb: [number, number, number], share = 0.3, width = 64, height = 40) {
  const png = new PNG({ width, height });
  const rows = Math.round(height * share);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 4;
      png.data.set(y < rows ? [...rgb, 255] : [255, 255, 255, 255], i);
    }
  }
  return png;
}

async function upload(u: TestUser, fileName: string, contentType: string, bytes: Buffer): Promise<string> {
  const res = await u.call(fileApi.uploadObject, { query: { fileName, contentType }, raw: bytes });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().object.objectId as string;
}

const pngOf = (rgb: [number, number, number]) => PNG.sync.write(picture(rgb));
const texts = [{ language: 'enUS', title: 'Summer sale', subtitle: 'All levels free' }];

async function auditActions(appId: string): Promise<string[]> {
  const { rows } = await t.deps.database.executeSql(`select action from audit_events where target_id = $1 and action like 'immersive.%' order by action`, [appId]);
  return (rows as Array<{ action: string }>).map((r) => r.action);
}

describe('the dominant colour of an image', () => {
  it('decodes a PNG and a JPEG upload and answers the colour of its colourful part', async () => {
    const u = await TestUser.register(t);
    const png = await upload(u, 'banner.png', 'image/png', pngOf([0x1e, 0x64, 0xc8]));
    const res = await u.call(immersiveApi.imageColor, { body: { objectId: png } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ color: '#1e64c8', share: 0.3, textTone: 'light', width: 64, height: 40 });

    const raw = picture([200, 40, 40], 1);
    const jpg = jpeg.encode({ data: raw.data, width: raw.width, height: raw.height }, 95).data;
    const jpgId = await upload(u, 'banner.jpg', 'image/jpeg', Buffer.from(jpg));
    const fromJpeg = (await u.call(immersiveApi.imageColor, { body: { objectId: jpgId } })).json();
    // JPEG is lossy: the colour comes back within a few steps of the one drawn.
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(fromJpeg.color.slice(i, i + 2), 16));
    expect(Math.abs(r! - 200) + Math.abs(g! - 40) + Math.abs(b! - 40)).toBeLessThan(12);
  });

  it('refuses a file that is not a readable image with 400, and another team’s file with 404', async () => {
    const u = await TestUser.register(t);
    const fake = await uploaded(u, 'fake.png', 'image/png');
    const res = await u.call(immersiveApi.imageColor, { body: { objectId: fake } });
    expect(res.statusCode).toBe(400);
    expect(res.json().ret.msg).toContain('cannot be read');
    const doc = await upload(u, 'notes.txt', 'text/plain', Buffer.from('hello'));
    expect((await u.call(immersiveApi.imageColor, { body: { objectId: doc } })).json().ret.msg).toContain('not an image');
    const other = await TestUser.register(t);
    const theirs = await upload(other, 'b.png', 'image/png', pngOf([1, 2, 3]));
    expect((await u.call(immersiveApi.imageColor, { body: { objectId: theirs } })).statusCode).toBe(404);
    const foreign = await u.call(immersiveApi.createImmersiveInfo, { body: { appId: (await newApp(u)).appId, imageObjectId: theirs, texts } });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().ret.msg).toContain('no uploaded file');
    expect((await u.call(immersiveApi.imageColor, { body: { objectId: 'x' } })).statusCode).toBe(400);
  });
});

describe('immersive info', () => {
  it('is created as a draft with the picture’s colour, edited, submitted, approved and published', async () => {
    const u = await TestUser.register(t);
    const { appId } = await newApp(u);
    expect((await u.call(immersiveApi.getImmersiveInfo, { query: { appId } })).json().info).toBeNull();
    const image = await upload(u, 'a.png', 'image/png', pngOf([0x20, 0xa0, 0x60]));
    const created = await u.call(immersiveApi.createImmersiveInfo, { body: { appId, imageObjectId: image, texts } });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().info).toMatchObject({ appId, color: '#20a060', colorSource: 'image', state: 'draft', published: null, allowedActions: ['edit', 'delete', 'submit'], texts: [{ language: 'enUS', title: 'Summer sale', subtitle: 'All levels free' }] });
    expect((await u.call(immersiveApi.createImmersiveInfo, { body: { appId, imageObjectId: image, texts } })).statusCode).toBe(409);

    const edited = await u.call(immersiveApi.updateImmersiveInfo, { body: { appId, imageObjectId: image, color: '#ABCDEF', texts: [...texts, { language: 'ruRU', title: 'Распродажа' }] } });
    expect(edited.json().info).toMatchObject({ color: '#abcdef', colorSource: 'manual', texts: [expect.anything(), { language: 'ruRU', title: 'Распродажа', subtitle: '' }] });

    const submitted = await u.call(immersiveApi.submitImmersiveAudit, { body: { appId } });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().info).toMatchObject({ state: 'review', allowedActions: ['cancel'] });
    const refused = await u.call(immersiveApi.updateImmersiveInfo, { body: { appId, imageObjectId: image, texts } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().ret.msg).toContain('under review');
    expect((await u.call(immersiveApi.deleteImmersiveInfo, { query: { appId } })).statusCode).toBe(409);

    const queue = (await op.call(immersiveApi.immersiveReviewQueue, { query: { pageSize: 100 } })).json();
    const task = queue.items.find((i: { appId: string }) => i.appId === appId);
    expect(task).toMatchObject({ taskId: submitted.json().taskId, state: 'open', snapshot: { imageObjectId: image, color: '#abcdef' } });
    const img = await op.call(immersiveApi.immersiveReviewImage, { query: { taskId: task.taskId } });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(PNG.sync.read(img.rawPayload).width).toBe(64);

    const approved = await op.call(immersiveApi.decideImmersiveReview, { body: { taskId: task.taskId, decision: 'approve' } });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().task).toMatchObject({ state: 'approved', appName: expect.any(String) });
    const after = (await u.call(immersiveApi.getImmersiveInfo, { query: { appId } })).json().info;
    expect(after).toMatchObject({ state: 'approved', published: { imageObjectId: image, color: '#abcdef' }, allowedActions: ['edit', 'delete'] });
    const again = await op.call(immersiveApi.decideImmersiveReview, { body: { taskId: task.taskId, decision: 'reject', comment: 'late' } });
    expect(again.statusCode).toBe(409);

    // Editing the approved info starts a draft; the approved one stays published.
    const draft = (await u.call(immersiveApi.updateImmersiveInfo, { body: { appId, imageObjectId: image, texts } })).json().info;
    expect(draft).toMatchObject({ state: 'draft', color: '#20a060', published: { color: '#abcdef' } });
    // The test clock stands still, so events are compared as a set with their counts.
    expect(await auditActions(appId)).toEqual(['immersive.approve', 'immersive.create', 'immersive.submit', 'immersive.update', 'immersive.update']);
  });

  it('is rejected with a comment, fixed and resubmitted, or withdrawn from review', async () => {
    const u = await TestUser.register(t);
    const { appId } = await newApp(u);
    const image = await upload(u, 'a.png', 'image/png', pngOf([200, 30, 30]));
    await u.call(immersiveApi.createImmersiveInfo, { body: { appId, imageObjectId: image, texts } });
    const { taskId } = (await u.call(immersiveApi.submitImmersiveAudit, { body: { appId } })).json();
    expect((await u.call(immersiveApi.submitImmersiveAudit, { body: { appId } })).statusCode).toBe(409);
    expect((await op.call(immersiveApi.decideImmersiveReview, { body: { taskId, decision: 'reject' } })).statusCode).toBe(400);
    await op.call(immersiveApi.decideImmersiveReview, { body: { taskId, decision: 'reject', comment: 'Text over the face' } });
    const rejected = (await u.call(immersiveApi.getImmersiveInfo, { query: { appId } })).json().info;
    expect(rejected).toMatchObject({ state: 'rejected', rejection: { comment: 'Text over the face' }, allowedActions: ['edit', 'delete', 'submit'] });

    const second = (await u.call(immersiveApi.submitImmersiveAudit, { body: { appId } })).json();
    expect(second.taskId).not.toBe(taskId);
    const withdrawn = await u.call(immersiveApi.cancelImmersiveAudit, { body: { appId } });
    expect(withdrawn.json().info).toMatchObject({ state: 'draft' });
    expect((await u.call(immersiveApi.cancelImmersiveAudit, { body: { appId } })).json().ret.msg).toContain('draft');
    const closed = (await op.call(immersiveApi.immersiveReviewQueue, { query: { state: 'withdrawn' } })).json().items;
    expect(closed.some((i: { taskId: string }) => i.taskId === second.taskId)).toBe(true);
    expect((await op.call(immersiveApi.decideImmersiveReview, { body: { taskId: second.taskId, decision: 'approve' } })).statusCode).toBe(409);

    expect((await u.call(immersiveApi.deleteImmersiveInfo, { query: { appId } })).statusCode).toBe(200);
    expect((await u.call(immersiveApi.getImmersiveInfo, { query: { appId } })).json().info).toBeNull();
    expect((await u.call(immersiveApi.submitImmersiveAudit, { body: { appId } })).statusCode).toBe(404);
  });

  it('checks its input: the default language’s text, the team’s image, sizes of texts', async () => {
    const u = await TestUser.register(t);
    const { appId } = await newApp(u);
    const image = await upload(u, 'a.png', 'image/png', pngOf([10, 120, 200]));
    const noDefault = await u.call(immersiveApi.createImmersiveInfo, { body: { appId, imageObjectId: image, texts: [{ language: 'ruRU', title: 'Привет' }] } });
    expect(noDefault.statusCode).toBe(400);
    expect(noDefault.json().ret.msg).toContain('enUS');
    const long = await u.call(immersiveApi.createImmersiveInfo, { body: { appId, imageObjectId: image, texts: [{ language: 'enUS', title: 'x'.repeat(21) }] } });
    expect(long.statusCode).toBe(400);
    expect(long.json().ret.msg).toContain('title');
    const twice = await u.call(immersiveApi.createImmersiveInfo, { body: { appId, imageObjectId: image, texts: [...texts, ...texts] } });
    expect(twice.statusCode).toBe(400);
    const badColor = await u.call(immersiveApi.createImmersiveInfo, { body: { appId, imageObjectId: image, color: 'red', texts } });
    expect(badColor.json().ret.msg).toContain('color');
    const video = await uploaded(u, 'v.mp4', 'video/mp4');
    const notImage = await u.call(immersiveApi.createImmersiveInfo, { body: { appId, imageObjectId: video, color: '#000000', texts } });
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().ret.msg).toContain('imageObjectId');
  });

  it('answers 404 for another team’s app and 403 for roles without app management or reviewers’ rights', async () => {
    const { holder, member } = await teamWithMember(t, ['customerService']);
    const { appId } = await newApp(holder);
    const image = await upload(holder, 'a.png', 'image/png', pngOf([10, 120, 200]));
    await holder.call(immersiveApi.createImmersiveInfo, { body: { appId, imageObjectId: image, texts } });
    const other = await TestUser.register(t);
    expect((await other.call(immersiveApi.getImmersiveInfo, { query: { appId } })).statusCode).toBe(404);
    expect((await other.call(immersiveApi.submitImmersiveAudit, { body: { appId } })).statusCode).toBe(404);
    expect((await member.call(immersiveApi.getImmersiveInfo, { query: { appId } })).statusCode).toBe(200);
    expect((await member.call(immersiveApi.submitImmersiveAudit, { body: { appId } })).statusCode).toBe(403);
    expect((await member.call(immersiveApi.deleteImmersiveInfo, { query: { appId } })).statusCode).toBe(403);
    expect((await holder.call(immersiveApi.immersiveReviewQueue, {})).statusCode).toBe(403);
    expect((await member.call(immersiveApi.imageColor, { body: { objectId: image } })).statusCode).toBe(403);
  });
});

describe("an app's deletion", () => {
  it('takes its immersive info with it, in the statement that deletes the app', async () => {
    const u = await TestUser.register(t);
    const { appId } = await newApp(u);
    const image = await upload(u, 'a.png', 'image/png', pngOf([0x20, 0xa0, 0x60]));
    expect((await u.call(immersiveApi.createImmersiveInfo, { body: { appId, imageObjectId: image, texts } })).statusCode).toBe(200);
    const rows = async () => (await t.deps.database.executeSql(`select 1 from immersive_infos where app_id = $1`, [appId])).rows.length;
    expect(await rows()).toBe(1);
    expect((await u.call(appApi.deleteApp, { query: { appId } })).statusCode).toBe(200);
    expect(await rows()).toBe(0);
  });
});
