import { RISK_MESSAGES } from '@kassa/domain';
import type { TFunction } from 'i18next';

const keyOfMessage = new Map<string, string>(Object.entries(RISK_MESSAGES).map(([key, message]) => [message, key]));

/** A domain rule message in the user's language; messages the domain does not name stay as they are. */
export const translateRiskMessage = (t: TFunction, message: string) => {
  const key = keyOfMessage.get(message);
  return key ? t(`risk.validation.${key}`) : message;
};
