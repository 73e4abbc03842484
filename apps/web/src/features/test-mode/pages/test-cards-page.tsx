import { Alert, Card, Skeleton, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title.tsx';
import type { TTestCards } from '@kassa/domain';
import { useFormat } from '@/lib/use-format.ts';
import { useTestCards } from '../api/get-test-cards.ts';
import { OutcomeCell } from '../components/outcome-cell.tsx';

const CardTitle = ({ children }: { children: string }) => (
  <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
    {children}
  </Typography.Title>
);

type TestCard = TTestCards['cards'][number];
type TestAmount = TTestCards['amounts'][number];

const code = (value: string | null | undefined) => (value ? <Typography.Text code>{value}</Typography.Text> : '—');

/** Developers → Test cards (issue 38 item 4): the cards and amounts that force each outcome in test mode. */
export const TestCardsPage = () => {
  const { t } = useTranslation();
  const format = useFormat();
  const { data, isPending, isError } = useTestCards();
  const cardColumns = [
    {
      key: 'number',
      title: t('testCards.number'),
      render: (_: unknown, card: TestCard) => (
        <Typography.Text
          code
          copyable={{
            text: card.number,
            tooltips: [t('testCards.copy', { number: card.number }), t('testCards.copied')],
          }}
        >
          {card.number.replace(/(\d{4})(?=\d)/g, '$1 ')}
        </Typography.Text>
      ),
    },
    {
      key: 'brand',
      title: t('testCards.brand'),
      render: (_: unknown, card: TestCard) =>
        card.brand ? t(`cardBrands.${card.brand}`, { defaultValue: card.brand }) : '—',
    },
    {
      key: 'outcome',
      title: t('testCards.outcome'),
      render: (_: unknown, card: TestCard) => <OutcomeCell value={card} />,
    },
    { key: 'code', title: t('testCards.code'), render: (_: unknown, card: TestCard) => code(card.code) },
  ];
  const amountColumns = [
    {
      key: 'amount',
      title: t('testCards.amount'),
      render: (_: unknown, amount: TestAmount) => code(amount.ending),
    },
    {
      key: 'example',
      title: t('testCards.example'),
      render: (_: unknown, amount: TestAmount) => format.money(amount.example, 'EUR'),
    },
    {
      key: 'outcome',
      title: t('testCards.outcome'),
      render: (_: unknown, amount: TestAmount) => <OutcomeCell value={amount} />,
    },
    { key: 'code', title: t('testCards.code'), render: (_: unknown, amount: TestAmount) => code(amount.code) },
  ];
  return (
    <>
      <PageTitle>{t('testCards.title')}</PageTitle>
      <Typography.Paragraph style={{ maxWidth: 760, marginTop: 8 }}>{t('testCards.intro')}</Typography.Paragraph>
      {isError && <Alert type="error" showIcon role="alert" title={t('testCards.loadFailed')} />}
      {isPending && <Skeleton active />}
      {data && (
        <>
          <Card title={<CardTitle>{t('testCards.cards')}</CardTitle>} style={{ marginBottom: 16 }}>
            <Table rowKey="number" size="small" pagination={false} columns={cardColumns} dataSource={data.cards} />
          </Card>
          <Card title={<CardTitle>{t('testCards.amounts')}</CardTitle>} style={{ marginBottom: 16 }}>
            <Typography.Paragraph>{t('testCards.amountsIntro')}</Typography.Paragraph>
            <Table rowKey="ending" size="small" pagination={false} columns={amountColumns} dataSource={data.amounts} />
          </Card>
          <Card title={<CardTitle>{t('testCards.threeDSecure')}</CardTitle>}>
            <Typography.Paragraph style={{ margin: 0 }}>
              {t('testCards.threeDSecureText')} <Typography.Text code>{data.three_d_secure.code}</Typography.Text>
            </Typography.Paragraph>
          </Card>
        </>
      )}
    </>
  );
};
