import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../app/i18n';
import { lazyPage } from './lazy-page';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

const Hello = () => <p>The page itself</p>;

describe('a page fetched when first opened', () => {
  it('shows a spinner until its chunk arrives, then the page', async () => {
    const chunk = deferred<{ Hello: typeof Hello }>();
    const element = lazyPage(() => chunk.promise, (m) => m.Hello);
    const { container } = render(<I18nextProvider i18n={createI18n('en')}>{element}</I18nextProvider>);
    expect(container.querySelector('.ant-spin')).not.toBeNull();
    await act(async () => chunk.resolve({ Hello }));
    expect(await screen.findByText('The page itself')).toBeTruthy();
  });

  it('says to reload when the chunk cannot be fetched, and fetches again on the next visit', async () => {
    let gone = true;
    const element = lazyPage(() => (gone ? Promise.reject(new Error('chunk gone')) : Promise.resolve({ Hello })), (m) => m.Hello);
    const first = render(<I18nextProvider i18n={createI18n('ru')}>{element}</I18nextProvider>);
    expect(await screen.findByText(/Не удалось загрузить страницу/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Перезагрузить' })).toBeTruthy();
    first.unmount();
    gone = false;
    render(<I18nextProvider i18n={createI18n('en')}>{element}</I18nextProvider>);
    await waitFor(() => expect(screen.getByText('The page itself')).toBeTruthy());
  });
});
