import type { TCheckoutPage } from '@kassa/domain';
import type { ReactNode } from 'react';
import { LanguageSwitch } from '@/components/language-switch.tsx';
import styles from '../pages/checkout-page.module.css';

/** The hosted page in the merchant's checkout design: background, header with logo or shop name, language switch. */
export const CheckoutFrame = ({
  design,
  shop,
  children,
}: {
  design: TCheckoutPage['design'];
  shop: string;
  children: ReactNode;
}) => (
  <main
    className={styles.page}
    style={{
      backgroundColor: design.background_color,
      backgroundImage: design.background_image_url ? `url("${design.background_image_url}")` : undefined,
    }}
  >
    <div className={styles.card}>
      <header className={styles.header} style={{ background: design.header_color, color: design.header_text_color }}>
        {design.logo_url ? (
          <img className={styles.logo} src={design.logo_url} alt={shop} />
        ) : (
          <span className={styles.shopName}>{shop}</span>
        )}
        {design.show_language_switch && <LanguageSwitch />}
      </header>
      <div className={styles.body}>{children}</div>
    </div>
  </main>
);
