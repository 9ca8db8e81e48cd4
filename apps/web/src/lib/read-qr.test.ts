import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { type Pixels, readQrFromPixels } from './read-qr';

/** A real QR code of `text` drawn as RGBA pixels: dark modules black, a 4-module white quiet zone. */
function qrPixels(text: string, { scale = 6, inverted = false } = {}): Pixels {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const side = (modules.size + quiet * 2) * scale;
  const data = new Uint8ClampedArray(side * side * 4);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const row = Math.floor(y / scale) - quiet;
      const col = Math.floor(x / scale) - quiet;
      const inside = row >= 0 && col >= 0 && row < modules.size && col < modules.size;
      const dark = inside && modules.get(row, col) === 1;
      const value = dark !== inverted ? 0 : 255;
      const at = (y * side + x) * 4;
      data[at] = value;
      data[at + 1] = value;
      data[at + 2] = value;
      data[at + 3] = 255;
    }
  }
  return { data, width: side, height: side };
}

// A ticket code has the server's shape (decision 058): RC1.<nonce>.<HMAC>.
const TICKET = 'RC1.9f2c4e1ab7d0.5b0e8c6f1d2a9e3b7c4f0a1d2e3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d';

describe('readQrFromPixels', () => {
  it('reads a ticket code from a real QR image', () => {
    expect(readQrFromPixels(qrPixels(TICKET))).toBe(TICKET);
  });

  it('reads an inverted code only when asked to be thorough', () => {
    const negative = qrPixels(TICKET, { inverted: true });
    expect(readQrFromPixels(negative, { thorough: true })).toBe(TICKET);
  });

  it('finds nothing in a blank picture', () => {
    const side = 120;
    const blank = { data: new Uint8ClampedArray(side * side * 4).fill(255), width: side, height: side };
    expect(readQrFromPixels(blank, { thorough: true })).toBeNull();
  });
});
