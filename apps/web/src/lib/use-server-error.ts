import type { FormInstance } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showServerError } from './form-errors.ts';

/**
 * The one way a form shows a refused save (issue 21 item 3): field errors on their fields, the
 * rest as `message`, which the form renders with `<ServerErrorAlert>`. `clear` when the user
 * changes the form or tries again.
 */
export const useServerError = (form: FormInstance | null, fields?: readonly string[]) => {
  const { t } = useTranslation();
  const [message, setMessage] = useState<string | null>(null);
  const show = useCallback((error: unknown) => setMessage(showServerError(form, t, error, fields)), [form, t, fields]);
  const clear = useCallback(() => setMessage(null), []);
  return { message, show, clear };
};
