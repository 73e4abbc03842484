import type { TOrganisation } from '@kassa/domain';
import { Button, Card, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateTime } from '@/components/date-time.tsx';
import { DetailFields } from '@/components/detail-panel.tsx';
import { countryOptions } from '@/lib/countries.ts';

/** An organisation's details, read-only; Edit turns the card into the form. */
export const OrganisationDetail = ({
  organisation,
  parentName,
  nameOf,
  canEdit,
  onEdit,
}: {
  organisation: TOrganisation;
  parentName: string | null;
  /** The name of an organisation of the tree, to show the children by name. */
  nameOf: (id: string) => string;
  canEdit: boolean;
  onEdit: () => void;
}) => {
  const { t, i18n } = useTranslation();
  const o = organisation;
  const address = [
    [o.street, o.street_number].filter(Boolean).join(' '),
    o.extended_address,
    [o.postal_code, o.locality].filter(Boolean).join(' '),
    o.region,
  ].filter(Boolean);
  return (
    <Card
      title={
        <Space>
          {o.name}
          <Tag>{t(`organisations.types.${o.type}`)}</Tag>
        </Space>
      }
      extra={
        canEdit && (
          <Button type="primary" onClick={onEdit}>
            {t('organisations.edit')}
          </Button>
        )
      }
    >
      <DetailFields
        fields={[
          { label: t('fields:organisation.parent'), value: parentName },
          {
            label: t('fields:organisation.children'),
            value: o.children.length ? (
              <Space wrap size={[12, 4]}>
                {o.children.map((child) => (
                  <Link key={child} to={{ search: `?id=${encodeURIComponent(child)}` }}>
                    {nameOf(child)}
                  </Link>
                ))}
              </Space>
            ) : null,
          },
          { label: t('fields:organisation.email'), value: o.email },
          { label: t('fields:organisation.phone'), value: o.phone },
          {
            label: t('organisations.address'),
            value: address.length ? address.map((line) => <div key={line}>{line}</div>) : null,
          },
          {
            label: t('fields:organisation.country_code'),
            value:
              o.country_code &&
              (countryOptions(i18n.language).find((c) => c.value === o.country_code)?.label ?? o.country_code),
          },
          { label: t('fields:organisation.tax_number'), value: o.tax_number },
          { label: t('fields:organisation.created_at'), value: <DateTime value={o.created_at as string} /> },
          { label: t('fields:organisation.id'), value: o.id },
        ]}
      />
    </Card>
  );
};
