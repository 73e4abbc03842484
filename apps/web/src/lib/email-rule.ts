import type { Rule } from 'antd/es/form';

/** Checks an e-mail field as the server does: spaces around the address do not count (the server drops them too). */
export const emailRule = (message: string): Rule => ({
  type: 'email',
  message,
  transform: (value?: string) => value?.trim(),
});
