import type { ReactNode } from 'react';

/** The content of one console page (the frame around it is the console layout). */
export function PageLayout({ children }: { children: ReactNode }) {
  return <div>{children}</div>;
}
