import { afterEach, describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { forgetRecent, recentPlaces, useRememberApp, useRememberProject } from './recent';

afterEach(() => localStorage.clear());

describe('the places a person last worked in', () => {
  it('remembers the app with its project, and a project, per team', () => {
    renderHook(() => useRememberApp('team-a', { appId: 'app-1', name: 'Tipsy', projectId: 'proj-1' }, 'Drinks'));
    expect(recentPlaces('team-a')).toEqual({ app: { id: 'app-1', name: 'Tipsy', projectId: 'proj-1' }, project: { id: 'proj-1', name: 'Drinks' } });
    renderHook(() => useRememberProject('team-a', { projectId: 'proj-2', name: 'Games' }));
    expect(recentPlaces('team-a').project).toEqual({ id: 'proj-2', name: 'Games' });
    expect(recentPlaces('team-b')).toEqual({});
  });

  it('forgets an app that is gone, and keeps nothing it cannot read', () => {
    renderHook(() => useRememberApp('team-a', { appId: 'app-1', name: 'Tipsy', projectId: 'proj-1' }, undefined));
    forgetRecent('team-a', 'app', 'another');
    expect(recentPlaces('team-a').app?.id).toBe('app-1');
    forgetRecent('team-a', 'app', 'app-1');
    expect(recentPlaces('team-a')).toEqual({});
    localStorage.setItem('wharf.recent.team-c', 'not json');
    expect(recentPlaces('team-c')).toEqual({});
    expect(recentPlaces('')).toEqual({});
  });
});
