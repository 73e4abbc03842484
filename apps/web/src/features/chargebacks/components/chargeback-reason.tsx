import { Space, Tag, Typography } from 'antd';

/** A chargeback reason: the scheme's reason code and its text. */
export const ChargebackReason = ({ code, text }: { code: string | null; text: string | null }) => (
  <Space size={6} style={{ whiteSpace: 'nowrap' }}>
    {code && <Tag variant="outlined">{code}</Tag>}
    {text && (
      <Typography.Text ellipsis style={{ maxWidth: 280 }}>
        {text}
      </Typography.Text>
    )}
  </Space>
);
