import { PAYMENT_PRODUCTS } from '@kassa/domain';
import { useEffect, useState, type CSSProperties } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';

export type PreviewDesign = {
  background_color?: string;
  background_image_url?: string | null;
  logo_url?: string | null;
  header_color?: string;
  header_text_color?: string;
  button_color?: string;
  button_text_color?: string;
  show_language_switch?: boolean;
  payment_product_order?: string[];
  number_format?: string;
  css?: string | null;
};

const SAMPLE_AMOUNT = 124950;

/**
 * The hosted checkout page as a customer would see it with this design, drawn in a sandboxed
 * frame (no scripts) so the design's own CSS applies to the page and nothing else.
 */
export const CheckoutPreview = ({ design, merchantName }: { design: PreviewDesign; merchantName: string }) => {
  const { t, i18n } = useTranslation();
  const [frame, setFrame] = useState<HTMLIFrameElement | null>(null);
  const [body, setBody] = useState<HTMLElement | null>(null);
  const [language, setLanguage] = useState<'nl' | 'en-US'>(i18n.language === 'nl' ? 'nl' : 'en-US');
  const [, setLoaded] = useState(0);
  // The other language's texts may not be loaded yet; re-render once they are.
  useEffect(() => {
    void i18n.loadLanguages(language).then(() => setLoaded((n) => n + 1));
  }, [i18n, language]);
  const page = i18n.getFixedT(language, 'main', 'checkoutDesigns.page');
  useEffect(() => {
    const doc = frame?.contentDocument;
    if (!doc) return;
    doc.body.style.margin = '0';
    setBody(doc.body);
  }, [frame]);
  const amount = new Intl.NumberFormat((design.number_format ?? 'en_US').replace('_', '-'), {
    style: 'currency',
    currency: 'EUR',
  }).format(SAMPLE_AMOUNT / 100);
  const button = (primary: boolean): CSSProperties => ({
    display: 'block',
    width: '100%',
    padding: '10px 12px',
    marginBottom: 8,
    borderRadius: 6,
    font: 'inherit',
    textAlign: 'left',
    cursor: 'pointer',
    border: `1px solid ${design.button_color}`,
    background: primary ? design.button_color : '#fff',
    color: primary ? design.button_text_color : '#1f1f1f',
  });
  const products = (design.payment_product_order ?? []).filter((p) =>
    (PAYMENT_PRODUCTS as readonly string[]).includes(p),
  );
  return (
    <iframe
      ref={setFrame}
      title={t('checkoutDesigns.previewTitle')}
      sandbox="allow-same-origin"
      style={{ width: '100%', height: 560, border: '1px solid #d9d9d9', borderRadius: 8 }}
    >
      {body &&
        createPortal(
          <div
            data-testid="checkout-preview"
            className="kassa-checkout"
            style={{
              minHeight: 560,
              fontFamily: 'system-ui, sans-serif',
              background: design.background_color,
              backgroundImage: design.background_image_url ? `url("${design.background_image_url}")` : undefined,
              backgroundSize: 'cover',
            }}
          >
            {design.css && <style>{design.css}</style>}
            <header
              className="kassa-checkout-header"
              data-testid="checkout-preview-header"
              style={{
                background: design.header_color,
                color: design.header_text_color,
                padding: '14px 20px',
                display: 'flex',
                alignItems: 'center',
                gap: 12,
              }}
            >
              {design.logo_url && <img src={design.logo_url} alt="" style={{ height: 28 }} />}
              <strong style={{ flex: 1 }}>{merchantName}</strong>
              {design.show_language_switch && (
                <span>
                  {(['nl', 'en-US'] as const).map((lang) => (
                    <button
                      key={lang}
                      type="button"
                      onClick={() => setLanguage(lang)}
                      aria-pressed={language === lang}
                      style={{
                        marginLeft: 4,
                        background: 'transparent',
                        color: design.header_text_color,
                        border: `1px solid ${design.header_text_color}`,
                        borderRadius: 4,
                        padding: '2px 6px',
                        fontWeight: language === lang ? 700 : 400,
                      }}
                    >
                      {lang === 'nl' ? 'NL' : 'EN'}
                    </button>
                  ))}
                </span>
              )}
            </header>
            <main
              style={{
                maxWidth: 360,
                margin: '24px auto',
                background: '#fff',
                borderRadius: 8,
                padding: 20,
                boxShadow: '0 2px 8px rgba(0,0,0,.12)',
              }}
            >
              <div style={{ color: '#595959', fontSize: 13 }}>{page('toPay')}</div>
              <div data-testid="checkout-preview-amount" style={{ fontSize: 28, fontWeight: 700, marginBottom: 16 }}>
                {amount}
              </div>
              <div style={{ marginBottom: 8, fontWeight: 600 }}>{page('choose')}</div>
              {products.length === 0 && <p style={{ color: '#a8071a' }}>{page('none')}</p>}
              {products.map((product, index) => (
                <button key={product} type="button" style={button(index === 0)} className="kassa-checkout-product">
                  {t(`paymentProducts.${product}`, { lng: language })}
                </button>
              ))}
              <button
                type="button"
                className="kassa-checkout-pay"
                data-testid="checkout-preview-pay"
                style={{ ...button(true), textAlign: 'center', marginTop: 16, fontWeight: 600 }}
              >
                {page('pay', { amount })}
              </button>
            </main>
          </div>,
          body,
        )}
    </iframe>
  );
};
