import { act, render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { Providers } from '../app/App';
import { createI18n } from '../app/i18n';
import { WithoutStyles } from '../test/render';

/** A system setting the test can flip, as a person would in their OS. */
function systemMotion(reduce: boolean) {
  const listeners = new Set<() => void>();
  const state = { reduce };
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
    get matches() {
      return query === '(prefers-reduced-motion: reduce)' && state.reduce;
    },
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: (_: string, l: () => void) => void listeners.add(l),
    removeEventListener: (_: string, l: () => void) => void listeners.delete(l),
    dispatchEvent: () => false,
  }) as unknown as MediaQueryList);
  return {
    set(next: boolean) {
      state.reduce = next;
      for (const l of listeners) l();
    },
  };
}

/** What antd's components below the console's providers are told (the browser journeys see the effect). */
function Motion() {
  return <span>{theme.useToken().token.motion ? 'animated' : 'still'}</span>;
}

function renderConsole() {
  return render(
    <Providers i18n={createI18n('en')} queryClient={new QueryClient()} language="en">
      <Motion />
    </Providers>,
    { wrapper: WithoutStyles },
  );
}

const animated = () => screen.getByText(/animated|still/).textContent === 'animated';

describe('reduced motion', () => {
  afterEach(() => vi.restoreAllMocks());

  it('animates antd components when the system has no preference', () => {
    systemMotion(false);
    renderConsole();
    expect(animated()).toBe(true);
  });

  it('stops antd\'s animations when the system asks for reduced motion, and follows a change of the setting', () => {
    const motion = systemMotion(true);
    renderConsole();
    expect(animated()).toBe(false);
    act(() => motion.set(false));
    expect(animated()).toBe(true);
  });
});
