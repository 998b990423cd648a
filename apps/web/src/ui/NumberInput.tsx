import { useLayoutEffect, useRef } from 'react';
import { InputNumber, type InputNumberProps } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * antd's InputNumber with its step buttons named in the page's language: the library names
 * them "Increase Value" and "Decrease Value" in English whatever the locale, and takes no
 * prop for it, so the names are set on its buttons once they exist.
 */
export function NumberInput(props: InputNumberProps<number>) {
  const { t } = useTranslation();
  const box = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const name = (action: 'up' | 'down', label: string) => box.current?.querySelector(`.ant-input-number-action-${action}`)?.setAttribute('aria-label', label);
    name('up', t('number.increase'));
    name('down', t('number.decrease'));
  });
  return (
    <span ref={box} style={{ display: 'contents' }}>
      <InputNumber<number> {...props} />
    </span>
  );
}
