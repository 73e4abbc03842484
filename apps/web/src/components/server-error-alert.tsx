import { Alert } from 'antd';

/** The part of a refused save that names no field of the form, announced to screen readers. */
export const ServerErrorAlert = ({ message }: { message: string | null }) =>
  message ? <Alert type="error" showIcon role="alert" title={message} style={{ marginBottom: 16 }} /> : null;
