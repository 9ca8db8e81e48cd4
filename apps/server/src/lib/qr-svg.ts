import QRCode from 'qrcode';

/** A code as an SVG QR image, as every scanned code of the app is drawn (a ticket, a date's check-in). */
export const qrSvg = (code: string): Promise<string> =>
  QRCode.toString(code, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
