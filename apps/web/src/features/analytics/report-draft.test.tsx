import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { useReportDraft } from './report-draft';

// The report being put together lives in the page's address; each change writes only its own part.

const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={['/reports?rname=Rewards']}>{children}</MemoryRouter>;

describe('useReportDraft', () => {
  it('keeps both of two changes made before the next render', () => {
    const { result } = renderHook(() => useReportDraft(), { wrapper });
    const { change } = result.current;
    act(() => {
      change({ events: ['level_up'] });
      // The same render's copy of the draft still has no events.
      change({ metrics: ['activeUsers'] });
    });
    expect(result.current.draft).toMatchObject({ name: 'Rewards', events: ['level_up'], metrics: ['activeUsers'] });
  });

  it("gives a click the address's newest draft, not the render's copy one change behind", () => {
    const { result } = renderHook(() => useReportDraft(), { wrapper });
    const { change, current, draft } = result.current;
    let read: ReturnType<typeof current> | undefined;
    act(() => {
      change({ events: ['level_up'] });
      // A click handler of the render before the change (react-router renders it in a transition).
      read = current();
    });
    expect(draft.events).toEqual([]);
    expect(read).toMatchObject({ name: 'Rewards', events: ['level_up'] });
  });

  it('drops the property when the rows stop being split by one', () => {
    const { result } = renderHook(() => useReportDraft(), { wrapper });
    act(() => result.current.change({ dimension: 'property', property: 'reward' }));
    expect(result.current.draft).toMatchObject({ dimension: 'property', property: 'reward' });
    act(() => result.current.change({ dimension: 'day' }));
    expect(result.current.draft).toMatchObject({ dimension: 'day', property: '' });
  });
});
