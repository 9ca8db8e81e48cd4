import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../adapters/storage/memory';
import { FACE_SIZE } from './face-crop';
import { faceFromLarge, ImageRejected, MAX_INPUT_PIXELS, processImage, storePhotoVariants } from './pipeline';

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

/** A dark 600 × 750 JPEG with one rose square standing in for a face. */
async function portraitWithFaceAt({ left, top, size }: { left: number; top: number; size: number }) {
  const face = await sharp({
    create: { width: size, height: size, channels: 3, background: { r: 230, g: 40, b: 90 } },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width: 600, height: 750, channels: 3, background: { r: 20, g: 20, b: 60 } } })
    .composite([{ input: face, left, top }])
    .jpeg()
    .toBuffer();
}

/** Whether the pixel at (fx, fy), as fractions of the image, is the test face or the background. */
async function colourAt(webp: Buffer, fx: number, fy: number): Promise<'face' | 'background'> {
  const { data, info } = await sharp(webp).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const offset = (Math.floor(fy * info.height) * info.width + Math.floor(fx * info.width)) * info.channels;
  return (data[offset] ?? 0) > 150 ? 'face' : 'background';
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
    for (const variant of [out.large, out.small, out.blur, out.face]) {
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

  it('cuts the avatar square from the upper-centre third when no face is known', async () => {
    // A 600 × 750 portrait, a rose "face" where portraits put one: centred, a third of the way down.
    const out = await processImage(await portraitWithFaceAt({ left: 230, top: 180, size: 140 }));
    expect(await sharp(out.face).metadata()).toMatchObject({ width: FACE_SIZE, height: FACE_SIZE });
    // The square (360 px side, centred at 300, 250) holds the face in its middle and background
    // at its corners: the face fills it instead of a bust shrunk into the circle.
    expect(await colourAt(out.face, 0.5, 0.5)).toBe('face');
    expect(await colourAt(out.face, 0.05, 0.05)).toBe('background');
    expect(await colourAt(out.face, 0.95, 0.95)).toBe('background');
  });

  it('centres the square on a face box when one is given', async () => {
    // The face is low and to the left, where the default third would miss it.
    const input = await portraitWithFaceAt({ left: 40, top: 520, size: 120 });
    const face = { x: 40 / 600, y: 520 / 750, width: 120 / 600, height: 120 / 750 };
    expect(await colourAt((await processImage(input)).face, 0.5, 0.5)).toBe('background');
    const out = await processImage(input, { face });
    expect(await sharp(out.face).metadata()).toMatchObject({ width: FACE_SIZE, height: FACE_SIZE });
    // 120 px × 1.8 = a 216 px square pushed inside the left edge: the face sits a little left of centre.
    expect(await colourAt(out.face, 0.4, 0.5)).toBe('face');
    expect(await colourAt(out.face, 0.95, 0.05)).toBe('background');
  });

  it('makes the same square from a stored large variant (photos from before face squares)', async () => {
    const out = await processImage(await portraitWithFaceAt({ left: 230, top: 180, size: 140 }));
    const again = await faceFromLarge(out.large);
    const meta = await sharp(again).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: FACE_SIZE, height: FACE_SIZE });
    expect(meta.exif).toBeUndefined();
    expect(await colourAt(again, 0.5, 0.5)).toBe('face');
    expect(await colourAt(again, 0.05, 0.05)).toBe('background');
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
  it('stores four WebP objects under random keys in the member folder', async () => {
    const storage = createMemoryStorage();
    const images = {
      large: Buffer.from('l'),
      small: Buffer.from('s'),
      blur: Buffer.from('b'),
      face: Buffer.from('f'),
    };
    const keys = await storePhotoVariants(storage, 'user-1', images);
    expect(keys.keyLarge).toMatch(/^photos\/user-1\/[0-9a-f-]{36}-l\.webp$/);
    expect(keys.keySmall).toMatch(/-s\.webp$/);
    expect(keys.keyBlur).toMatch(/-b\.webp$/);
    expect(keys.keyFace).toMatch(/-f\.webp$/);
    expect(new Set(Object.values(keys).map((key) => key.slice(0, -7))).size).toBe(1);
    expect((await storage.get(keys.keyFace))?.body.toString()).toBe('f');
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
    const images = {
      large: Buffer.from('l'),
      small: Buffer.from('s'),
      blur: Buffer.from('b'),
      face: Buffer.from('f'),
    };
    await expect(storePhotoVariants(failing, 'user-2', images)).rejects.toThrow('disk full');
    expect(storage.size()).toBe(0);
  });
});
