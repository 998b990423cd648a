import { describe, expect, it, vi } from 'vitest';
import { postToTop } from './bridge';

function frame(hash: string, referrer = 'https://host.example.com/page') {
  const postMessage = vi.fn();
  const top = { postMessage } as unknown as Window;
  const self = { location: { hash }, top, document: { referrer } } as unknown as Window;
  return { self, postMessage };
}

describe('embedded-mode bridge', () => {
  it('posts { functionName, params } to the top window, to the framing origin', () => {
    const { self, postMessage } = frame('#/app/version?appId=1');
    expect(postToTop('openVersion', { appId: '1' }, { self })).toBe(true);
    expect(postMessage).toHaveBeenCalledWith({ functionName: 'openVersion', params: { appId: '1' } }, 'https://host.example.com');
  });

  it('uses a given target origin', () => {
    const { self, postMessage } = frame('#/app/x', '');
    expect(postToTop('close', null, { self, targetOrigin: 'https://shell.example.com' })).toBe(true);
    expect(postMessage).toHaveBeenCalledWith({ functionName: 'close', params: null }, 'https://shell.example.com');
  });

  it('posts nothing outside embedded mode, without a frame, or without a known origin', () => {
    const normal = frame('#/team/users');
    expect(postToTop('x', 1, { self: normal.self })).toBe(false);
    expect(normal.postMessage).not.toHaveBeenCalled();

    const alone = { location: { hash: '#/app/x' }, document: { referrer: '' } } as unknown as Window & { top: Window };
    (alone as { top: Window }).top = alone;
    expect(postToTop('x', 1, { self: alone })).toBe(false);

    const unknown = frame('#/app/x', '');
    expect(postToTop('x', 1, { self: unknown.self })).toBe(false);
    expect(unknown.postMessage).not.toHaveBeenCalled();
  });
});
