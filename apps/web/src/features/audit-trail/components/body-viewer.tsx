import { Segmented, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export type BodyFormat = 'json' | 'xml' | 'form' | 'raw';

/** The viewer a body opens in, from its content type; bodies under /v1/ are JSON by default (§2.7). */
export const formatFor = (contentType: string | undefined, url: string | null): BodyFormat => {
  const type = (contentType ?? '').toLowerCase();
  if (type.includes('json')) return 'json';
  if (type.includes('xml')) return 'xml';
  if (type.includes('x-www-form-urlencoded')) return 'form';
  if (url?.startsWith('/v1/')) return 'json';
  return 'raw';
};

const render = (body: unknown, format: BodyFormat): string => {
  if (body === null || body === undefined) return '';
  if (format === 'json') return typeof body === 'string' ? body : JSON.stringify(body, null, 2);
  if (format === 'form' && typeof body === 'string')
    return body
      .split('&')
      .map((pair) => pair.split('=').map(decodeURIComponent).join(' = '))
      .join('\n');
  if (format === 'form' && typeof body === 'object')
    return Object.entries(body as Record<string, unknown>)
      .map(([k, v]) => `${k} = ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
      .join('\n');
  return typeof body === 'string' ? body : JSON.stringify(body);
};

/** A request or response body in JSON, XML, Form or Raw, switchable by the user. */
export const BodyViewer = ({ body, initial }: { body: unknown; initial: BodyFormat }) => {
  const { t } = useTranslation();
  const [format, setFormat] = useState<BodyFormat>(initial);
  if (body === null || body === undefined)
    return <Typography.Text type="secondary">{t('auditTrail.noBody')}</Typography.Text>;
  return (
    <div>
      <Segmented
        size="small"
        value={format}
        onChange={(value) => setFormat(value as BodyFormat)}
        options={(['json', 'xml', 'form', 'raw'] as const).map((value) => ({
          value,
          label: t(`auditTrail.formats.${value}`),
        }))}
      />
      <pre
        style={{
          marginTop: 8,
          maxHeight: 420,
          overflow: 'auto',
          background: 'var(--ant-color-fill-quaternary, #fafafa)',
          padding: 8,
          fontSize: 12,
        }}
      >
        {render(body, format)}
      </pre>
    </div>
  );
};
