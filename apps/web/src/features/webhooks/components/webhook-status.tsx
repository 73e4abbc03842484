import type { StatusVocabulary } from '@kassa/domain';
import { Tag } from 'antd';
import { StatusTag } from '@/components/status-tag.tsx';

const vocabularyOf: Record<string, StatusVocabulary> = {
  transaction: 'transaction',
  refund: 'refund',
  chargeback: 'chargeback',
  cardlink: 'cardAddLink',
  paymentlink: 'paymentLink',
  subscription: 'subscription',
};

/** A webhook's status in the colours of its item's own status list. */
export const WebhookStatus = ({ type, status }: { type: string; status: string | null }) => {
  const vocabulary = vocabularyOf[type];
  if (!status) return null;
  return vocabulary ? <StatusTag vocabulary={vocabulary} status={status} /> : <Tag>{status}</Tag>;
};

/** The history colour of a status code (portal.md §2.5): 2xx green, 3xx orange, 4xx red, 5xx purple, other grey. */
export const statusCodeColour = (code: number | null): string => {
  if (code === null) return 'default';
  return (
    ({ 2: 'green', 3: 'orange', 4: 'red', 5: 'purple' } as Record<number, string>)[Math.floor(code / 100)] ?? 'default'
  );
};
