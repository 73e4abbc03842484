/** A welcome-mail template as `GET /v1/psp/welcome-mail` answers it. */
export type WelcomeMailRow = { id: string; name: string; content: string; default: boolean; psp_default: boolean; created_at: string; updated_at: string };
