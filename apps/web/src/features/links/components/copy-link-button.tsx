import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Copies the customer-facing URL of a link; the row click underneath is not triggered. */
export const CopyLinkButton = ({ url, withText = false }: { url: string; withText?: boolean }) => {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async (event: React.MouseEvent) => {
    event.stopPropagation();
    await navigator.clipboard.writeText(url);
    setCopied(true);
    setTimeout(() => setCopied(false), 1500);
  };
  const label = copied ? t('links.copied') : t('links.copy');
  return (
    <Tooltip title={label}>
      <Button
        size={withText ? 'middle' : 'small'}
        icon={copied ? <CheckOutlined /> : <CopyOutlined />}
        aria-label={label}
        onClick={copy}
      >
        {withText ? label : null}
      </Button>
    </Tooltip>
  );
};
