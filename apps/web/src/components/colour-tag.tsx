import { Tag } from 'antd';
import type { ReactNode } from 'react';

/**
 * A tag whose colour is a merchant's free choice: the colour marks a dot beside the text instead
 * of tinting the text, which then keeps its contrast in both themes (WCAG 1.4.3).
 */
export const ColourTag = ({ colour, children }: { colour?: string | null; children: ReactNode }) => (
  <Tag
    icon={
      colour ? (
        <span
          aria-hidden
          style={{
            display: 'inline-block',
            width: 8,
            height: 8,
            borderRadius: '50%',
            background: colour,
            marginInlineEnd: 6,
          }}
        />
      ) : undefined
    }
  >
    {children}
  </Tag>
);
