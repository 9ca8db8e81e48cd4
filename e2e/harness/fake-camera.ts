import { writeFileSync } from 'node:fs';
import QRCode from 'qrcode';
import sharp from 'sharp';

const SIZE = 480;
const FRAMES = 10;

/**
 * A video file Chromium's fake camera plays in a loop (`--use-file-for-fake-video-capture`): a QR
 * code of `text` on white, as a phone held up to the promoter's camera would show it. Y4M, the
 * format Chromium reads without a decoder: a header, then per frame the luma plane and two
 * quarter-size chroma planes (grey: 128).
 */
export async function writeQrVideo(text: string, path: string) {
  const png = await QRCode.toBuffer(text, { margin: 4, width: SIZE, errorCorrectionLevel: 'M' });
  const luma = await sharp(png).resize(SIZE, SIZE).grayscale().raw().toBuffer();
  const chroma = Buffer.alloc((SIZE / 2) * (SIZE / 2) * 2, 128);
  const header = Buffer.from(`YUV4MPEG2 W${SIZE} H${SIZE} F10:1 Ip A1:1 C420jpeg\n`);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  writeFileSync(path, Buffer.concat([header, ...Array.from({ length: FRAMES }, () => frame)]));
}

/** A PNG of the QR code of `text`, as a photo of the ticket the promoter picks from a file. */
export async function writeQrImage(text: string, path: string) {
  writeFileSync(path, await QRCode.toBuffer(text, { margin: 4, width: SIZE }));
}
