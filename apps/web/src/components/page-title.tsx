import { Typography } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

const sizes = { page: 24, card: 20 } as const;

/**
 * The one h1 of a page, its title (WCAG 1.3.1, 2.4.6): list screens, dashboards, the signed-out
 * cards and the status pages all use it, so every page has exactly one. `card` is the smaller
 * size of the signed-out pages' cards.
 */
export const PageTitle = ({
  children,
  size = 'page',
  style,
}: {
  children: ReactNode;
  size?: keyof typeof sizes;
  style?: CSSProperties;
}) => (
  <Typography.Title level={1} style={{ fontSize: sizes[size], lineHeight: 1.35, margin: 0, ...style }}>
    {children}
  </Typography.Title>
);
