import { accountTypeKey } from '@spotlist/contracts';

/** SPEC §3 account types with their translation keys (private 1, business 2, blogger 4). */
export const ACCOUNT_TYPE_LABEL_KEYS = {
  private: 'ACCOUNT_TYPE.PRIVATE',
  business: 'ACCOUNT_TYPE.BUSINESS',
  blogger: 'ACCOUNT_TYPE.BLOGGER',
} as const;

export const accountTypeLabelKey = (id: number): string => ACCOUNT_TYPE_LABEL_KEYS[accountTypeKey(id)];
