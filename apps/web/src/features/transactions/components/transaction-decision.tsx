import { Empty, Space, Steps, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DetailFields } from '@/components/detail-panel.tsx';
import { populated, type TransactionRow } from '../api/types.ts';

const ACTION_COLOURS = { block: 'red', tag: 'blue', '3dSecure': 'purple', review: 'orange' } as const;

/** How the payments engine decided the transaction: fired rulesets, 3-D Secure and its challenge, the routing path taken and the acquirer's answer. */
export const TransactionDecision = ({ tx }: { tx: TransactionRow }) => {
  const { t } = useTranslation();
  const decision = tx.decision;
  if (!decision) return <Empty description={t('engine.noDecision')} />;
  const routing = decision.routing;
  const processor = populated<{ id: string; name: string }>(tx.processor);
  const endpoint = routing?.processor
    ? processor?.id === routing.processor
      ? processor.name
      : routing.processor
    : t('engine.noProcessor');
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <DetailFields
        fields={[
          {
            label: t('engine.rulesets'),
            value: decision.rulesets.length ? (
              <Space wrap>
                {decision.rulesets.map((ruleset) => (
                  <Tag key={ruleset.id} color={ACTION_COLOURS[ruleset.action]}>
                    {t(`engine.actions.${ruleset.action}`)}: {ruleset.name}
                  </Tag>
                ))}
              </Space>
            ) : (
              t('engine.noRulesets')
            ),
          },
          {
            label: t('engine.threeDSecure'),
            value: decision.three_ds_required
              ? `${t('engine.threeDSecureRequired')}${decision.challenge ? `: ${t(`engine.challenge.${decision.challenge}`)}` : ''}`
              : t('engine.threeDSecureNotRequired'),
          },
          {
            label: t('engine.routing'),
            value: !routing
              ? t(decision.challenge ? 'engine.notRoutedChallenge' : 'engine.notRouted')
              : routing.fallback
                ? t('engine.fallback')
                : t('engine.routingName', { name: routing.name, version: routing.version }),
          },
          { label: t('engine.acquirerCode'), value: decision.acquirer?.code },
          ...(decision.review ? [{ label: t('engine.review'), value: t(`engine.reviews.${decision.review}`) }] : []),
        ]}
      />
      {routing && (
        <section aria-labelledby="decision-path">
          <Typography.Title level={5} id="decision-path">
            {t('engine.path')}
          </Typography.Title>
          <Steps
            orientation="vertical"
            size="small"
            current={routing.path.length}
            items={[
              ...routing.path.map((branch, index) => ({
                title: t('engine.step', { level: index + 1 }),
                content: branch === 'then' ? t('engine.then') : t('engine.else'),
              })),
              {
                title: t('engine.endpoint'),
                content: endpoint,
                status: routing.processor ? ('finish' as const) : ('error' as const),
              },
            ]}
          />
        </section>
      )}
    </Space>
  );
};
