import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../app/i18n';
import { NumberInput } from './NumberInput';

// antd names the step buttons "Increase Value" and "Decrease Value" on every site.
describe('NumberInput', () => {
  it('names its step buttons in the page language, also after a switch', async () => {
    const i18n = createI18n('ru');
    render(
      <I18nextProvider i18n={i18n}>
        <NumberInput aria-label="Доля" value={10} />
      </I18nextProvider>,
    );
    expect(screen.getByRole('button', { name: 'Увеличить' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Уменьшить' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Increase Value' })).toBeNull();
    await act(() => i18n.changeLanguage('cn'));
    expect(screen.getByRole('button', { name: '增加' })).toBeTruthy();
  });
});
