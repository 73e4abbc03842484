import { Spin } from 'antd';
import { Suspense, type ReactNode } from 'react';

/** The spinner of a page still loading; the layout and the guards both show it (no import between them). */
export const PageSpinner = () => (
  <div style={{ display: 'grid', placeItems: 'center', minHeight: 240 }}>
    <Spin size="large" />
  </div>
);

export const Suspended = ({ children }: { children: ReactNode }) => (
  <Suspense fallback={<PageSpinner />}>{children}</Suspense>
);
