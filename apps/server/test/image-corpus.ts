import sharp, { type SharpOptions } from 'sharp';

// The upload test corpus, made at run time (no binaries in git). Each maker says what it builds.

const PURPLE = { r: 75, g: 29, b: 107 };
export const RED = { r: 220, g: 20, b: 20 };
export const BLUE = { r: 20, g: 20, b: 220 };

export const plainJpeg = (width = 600, height = 750) =>
  sharp({ create: { width, height, channels: 3, background: PURPLE } })
    .jpeg()
    .toBuffer();

/**
 * A phone photo as stored sideways: 400×200 pixels, left half red and right half blue, whose EXIF
 * says "rotate 90° clockwise to display" (orientation 6), names a camera and carries a GPS position.
 * Shown upright it is 200×400 with red on top.
 */
export async function jpegWithGpsAndOrientation(): Promise<Buffer> {
  const half = (background: typeof RED) =>
    sharp({ create: { width: 200, height: 200, channels: 3, background } })
      .png()
      .toBuffer();
  const sideways = await sharp({ create: { width: 400, height: 200, channels: 3, background: RED } })
    .composite([
      { input: await half(RED), left: 0, top: 0 },
      { input: await half(BLUE), left: 200, top: 0 },
    ])
    .jpeg()
    .toBuffer();
  // Metadata is written here, in the test corpus only, to prove the pipeline removes it.
  return sharp(sideways)
    .withExif({
      IFD0: { Make: 'SpyCam', Model: 'Tracker 3000' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '25/1 46/1 3/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '80/1 11/1 30/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
}

export const png = () =>
  sharp({ create: { width: 500, height: 500, channels: 4, background: { ...PURPLE, alpha: 1 } } })
    .png()
    .toBuffer();

export const webp = () =>
  sharp({ create: { width: 500, height: 400, channels: 3, background: PURPLE } })
    .webp()
    .toBuffer();

export const avif = () =>
  sharp({ create: { width: 320, height: 400, channels: 3, background: PURPLE } })
    .avif({ effort: 0 })
    .toBuffer();

/**
 * What an iPhone saves by default: a HEIC, that is an HEVC-coded image in the HEIF container
 * (ISO/IEC 23008-12), 800×600. Only its boxes are real: the coded picture is filler, which is
 * enough for a header read (the format and its compression) and fails any decoder.
 */
export function heic(): Buffer {
  const box = (type: string, ...content: Buffer[]) => {
    const body = Buffer.concat(content);
    const header = Buffer.alloc(8);
    header.writeUInt32BE(8 + body.length);
    header.write(type, 4, 'latin1');
    return Buffer.concat([header, body]);
  };
  const full = (type: string, version: number, ...content: Buffer[]) =>
    box(type, Buffer.from([version, 0, 0, 0]), ...content);
  const u16 = (n: number) => Buffer.from([n >> 8, n & 0xff]);
  const u32 = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(n);
    return b;
  };
  const text = (t: string) => Buffer.from(t, 'latin1');
  const coded = Buffer.alloc(256, 0x5a);
  // An HEVC decoder configuration record (ISO/IEC 14496-15) of Main profile with no parameter sets.
  const hvcC = Buffer.from('0101600000009000000000005df000fcfdf8f800000f00', 'hex');
  const meta = (dataAt: number) =>
    full(
      'meta',
      0,
      full('hdlr', 0, u32(0), text('pict'), Buffer.alloc(13)),
      full('pitm', 0, u16(1)),
      // Item 1's bytes: one extent at `dataAt`, inside mdat.
      full(
        'iloc',
        0,
        Buffer.from([0x44, 0x00]),
        u16(1),
        u16(1),
        u16(0),
        u16(1),
        u32(dataAt),
        u32(coded.length),
      ),
      full('iinf', 0, u16(1), full('infe', 2, u16(1), u16(0), text('hvc1'), Buffer.from([0]))),
      box(
        'iprp',
        box('ipco', box('hvcC', hvcC), full('ispe', 0, u32(800), u32(600))),
        full('ipma', 0, u32(1), u16(1), Buffer.from([2, 0x81, 0x02])),
      ),
    );
  const ftyp = box('ftyp', text('heic'), u32(0), text('mif1heicmiaf'));
  const dataAt = ftyp.length + meta(0).length + 8;
  return Buffer.concat([ftyp, meta(dataAt), box('mdat', coded)]);
}

export const renamedText = () => Buffer.from('Dear diary, this is not a picture at all.\n'.repeat(20));

/**
 * A JPEG that is also an HTML page: a comment segment right after the start marker carries markup
 * with a script, which a browser sniffing the bytes could run if the file were served as it came.
 */
export async function htmlJpegPolyglot(): Promise<Buffer> {
  const jpeg = await plainJpeg(300, 300);
  const html = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(html.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), segment, html, jpeg.subarray(2)]);
}

export const svgWithScript = () =>
  Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><script>alert(1)</script><rect width="200" height="200" fill="purple"/></svg>',
  );

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A tiny PNG whose header claims the given size: a decompression bomb without spending memory on one. */
export async function pixelBomb(width = 20_000, height = 20_000): Promise<Buffer> {
  const file = Buffer.from(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer(),
  );
  // Signature (8), IHDR length (4), "IHDR" (4), width (4), height (4) … CRC over type + data.
  file.writeUInt32BE(width, 16);
  file.writeUInt32BE(height, 20);
  file.writeUInt32BE(crc32(file.subarray(12, 29)), 29);
  return file;
}

/** A real JPEG cut off halfway, as an interrupted upload would leave it. */
export async function truncatedJpeg(): Promise<Buffer> {
  const noisy = await sharp({
    create: { width: 800, height: 800, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 60 } },
  } as SharpOptions)
    .jpeg()
    .toBuffer();
  return noisy.subarray(0, Math.floor(noisy.length / 2));
}

/** Six megabytes: over the 5 MB limit whatever it contains. */
export const sixMegabytes = () => Buffer.alloc(6 * 1024 * 1024, 0xff);

/** Markers of metadata that must never survive the pipeline, looked for in the raw bytes. */
export const METADATA_MARKERS = [
  'Exif',
  'GPS',
  'SpyCam',
  'Tracker',
  'http://ns.adobe.com/xap',
  '<x:xmpmeta',
  'ICC_PROFILE',
];

export function metadataMarkersIn(bytes: Buffer): string[] {
  const text = bytes.toString('latin1');
  return METADATA_MARKERS.filter((marker) => text.includes(marker));
}
