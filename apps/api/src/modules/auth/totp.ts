import { authenticator } from 'otplib';
import QRCode from 'qrcode';

/** One step either side of now, for clocks a little apart; each step is 30 seconds. */
const totp = authenticator.clone({ window: 1 });
const STEP_SECONDS = 30;

/** A new secret of 160 bits (RFC 4226's recommended length), base32. */
export const newTotpSecret = (): string => totp.generateSecret(20);

/** The otpauth URI an authenticator app reads, and the same as a QR code (data URL). */
export const totpEnrolment = async (email: string, secret: string): Promise<{ uri: string; qr: string }> => {
  const uri = totp.keyuri(email, 'Kassa', secret);
  return { uri, qr: await QRCode.toDataURL(uri, { margin: 1, width: 220 }) };
};

/** The time step the code belongs to, or null when it matches none in the window. */
export const matchingTotpStep = (secret: string, code: string): number | null => {
  const delta = totp.checkDelta(code, secret);
  if (delta === null) return null;
  return Math.floor(Date.now() / 1000 / STEP_SECONDS) + delta;
};

/** The current code of a secret (tests and the development tools compute codes with it). */
export const currentTotpCode = (secret: string): string => totp.generate(secret);
