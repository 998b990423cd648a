import { useLayoutEffect, useRef, type ComponentProps } from 'react';
import { Result } from 'antd';

type Props = ComponentProps<typeof Result> & { status: '403' | '404' | '500'; title: string };

/**
 * antd's 403/404/500 result without English in it: its pictures carry an SVG title ("No
 * Found", shown on hover and read by screen readers). The picture only decorates the
 * title beside it, so it loses its title and is hidden from screen readers.
 */
export function StatusResult(props: Props) {
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    for (const title of box.current?.querySelectorAll('svg > title') ?? []) {
      title.parentElement?.setAttribute('aria-hidden', 'true');
      title.remove();
    }
  });
  return (
    <div ref={box}>
      <Result {...props} />
    </div>
  );
}
