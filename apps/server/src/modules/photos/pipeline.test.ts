import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../adapters/storage/memory';
import { ImageRejected, MAX_INPUT_PIXELS, processImage, storePhotoVariants } from './pipeline';

/** A 400×200 landscape JPEG whose EXIF says "rotate 90° clockwise to display" and names a camera. */
async function jpegWithExif(): Promise<Buffer> {
  const upright = await sharp({
    create: { width: 400, height: 200, channels: 3, background: { r: 75, g: 29, b: 107 } },
  })
    .jpeg()
    .toBuffer();
  // Metadata is written here, in the test only, to prove the pipeline removes it.
  return sharp(upright)
    .withExif({ IFD0: { Make: 'X', Model: 'Spy Camera' } })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
}

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A tiny PNG whose header claims the given size: a pixel bomb without spending memory on one. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer(),
  );
  // Signature (8 bytes), IHDR length (4), "IHDR" (4), width (4), height (4) … CRC over type + data.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

async function rejection(input: Buffer): Promise<ImageRejected> {
  try {
    await processImage(input);
  } catch (error) {
    if (error instanceof ImageRejected) return error;
    throw error;
  }
  throw new Error('expected the image to be rejected');
}

describe('processImage', () => {
  it('strips EXIF and applies the orientation', async () => {
    const input = await jpegWithExif();
    const before = await sharp(input).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);

    const out = await processImage(input);
    // Displayed upright the picture is portrait: 200 wide, 400 high.
    expect({ width: out.width, height: out.height }).toEqual({ width: 200, height: 400 });
    for (const variant of [out.large, out.small, out.blur]) {
      const meta = await sharp(variant).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
    }
    expect(out.large.includes(Buffer.from('Spy Camera'))).toBe(false);
  });

  it('fits the variants in their boxes without enlarging', async () => {
    const big = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#d4af37' } })
      .png()
      .toBuffer();
    const out = await processImage(big);
    const [large, small, blur] = await Promise.all(
      [out.large, out.small, out.blur].map((b) => sharp(b).metadata()),
    );
    expect({ w: large?.width, h: large?.height }).toEqual({ w: 1080, h: 720 });
    expect({ w: small?.width, h: small?.height }).toEqual({ w: 360, h: 240 });
    expect(blur?.width).toBe(360);

    const tiny = await sharp({ create: { width: 100, height: 120, channels: 3, background: '#fbf6ea' } })
      .webp()
      .toBuffer();
    const kept = await processImage(tiny);
    expect({ width: kept.width, height: kept.height }).toEqual({ width: 100, height: 120 });
  });

  it('takes the first frame of a GIF', async () => {
    const gif = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#2a0845' } })
      .gif()
      .toBuffer();
    const out = await processImage(gif);
    expect((await sharp(out.large).metadata()).format).toBe('webp');
  });

  it('rejects a text file', async () => {
    const error = await rejection(Buffer.from('hello, this is not a picture\n'));
    expect(error.code).toBe('not_an_image');
    expect(error.message).toMatch(/not an image/);
  });

  it('rejects SVG even though it could be rendered', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    const error = await rejection(svg);
    expect(error.code).toBe('unsupported_format');
  });

  it('rejects images above the pixel limit before decoding them', async () => {
    const side = Math.ceil(Math.sqrt(MAX_INPUT_PIXELS)) + 1;
    const error = await rejection(await pngClaiming(side, side));
    expect(error.code).toBe('too_many_pixels');
  });

  it('rejects a truncated image', async () => {
    const jpeg = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#4b1d6b' } })
      .jpeg()
      .toBuffer();
    const error = await rejection(jpeg.subarray(0, 200));
    expect(['unreadable', 'not_an_image']).toContain(error.code);
  });
});

describe('storePhotoVariants', () => {
  it('stores three WebP objects under random keys in the member folder', async () => {
    const storage = createMemoryStorage();
    const images = { large: Buffer.from('l'), small: Buffer.from('s'), blur: Buffer.from('b') };
    const keys = await storePhotoVariants(storage, 'user-1', images);
    expect(keys.keyLarge).toMatch(/^photos\/user-1\/[0-9a-f-]{36}-l\.webp$/);
    expect(keys.keySmall).toMatch(/-s\.webp$/);
    expect(keys.keyBlur).toMatch(/-b\.webp$/);
    expect((await storage.get(keys.keySmall))?.body.toString()).toBe('s');
    expect((await storage.get(keys.keyLarge))?.contentType).toBe('image/webp');
    const again = await storePhotoVariants(storage, 'user-1', images);
    expect(again.keyLarge).not.toBe(keys.keyLarge);
  });

  it('removes what it wrote when one write fails', async () => {
    const storage = createMemoryStorage();
    const failing = {
      ...storage,
      async put(key: string, body: Buffer, type: string) {
        if (key.endsWith('-b.webp')) throw new Error('disk full');
        await storage.put(key, body, type);
      },
    };
    const images = { large: Buffer.from('l'), small: Buffer.from('s'), blur: Buffer.from('b') };
    await expect(storePhotoVariants(failing, 'user-2', images)).rejects.toThrow('disk full');
    expect(storage.size()).toBe(0);
  });
});
