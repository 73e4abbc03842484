import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { PAYMENT_PRODUCTS } from '@kassa/domain';
import { Button, Checkbox, List, Space } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The payment products of the page: enabled ones first, in the order the page offers them; the
 * value is that ordered list of enabled products (risk-config.md §3).
 */
export const ProductOrder = ({ value = [], onChange }: { value?: string[]; onChange?: (next: string[]) => void }) => {
  const { t } = useTranslation();
  const disabled = PAYMENT_PRODUCTS.filter((p) => !value.includes(p));
  const move = (index: number, by: number) => {
    const next = [...value];
    [next[index], next[index + by]] = [next[index + by], next[index]];
    onChange?.(next);
  };
  const toggle = (product: string, on: boolean) =>
    onChange?.(on ? [...value, product] : value.filter((p) => p !== product));
  return (
    <List
      size="small"
      bordered
      dataSource={[...value, ...disabled]}
      renderItem={(product) => {
        const index = value.indexOf(product);
        const name = t(`paymentProducts.${product}`);
        return (
          <List.Item
            actions={
              index < 0
                ? []
                : [
                    <Button
                      key="up"
                      size="small"
                      type="text"
                      icon={<ArrowUpOutlined />}
                      disabled={index === 0}
                      aria-label={t('checkoutDesigns.moveUp', { name })}
                      onClick={() => move(index, -1)}
                    />,
                    <Button
                      key="down"
                      size="small"
                      type="text"
                      icon={<ArrowDownOutlined />}
                      disabled={index === value.length - 1}
                      aria-label={t('checkoutDesigns.moveDown', { name })}
                      onClick={() => move(index, 1)}
                    />,
                  ]
            }
          >
            <Space>
              <Checkbox checked={index >= 0} onChange={(event) => toggle(product, event.target.checked)}>
                {name}
              </Checkbox>
            </Space>
          </List.Item>
        );
      }}
    />
  );
};
