import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { ObjectStorage } from '../../adapters/storage/types';
import { FACE_SIZE, type FaceBox, faceSquare } from './face-crop';

// Every uploaded image is decoded and re-encoded here before anything is stored (DESIGN.md "Files"):
// the format is sniffed from the bytes (never the declared type), the picture is turned upright from
// its EXIF orientation, and the WebP variants carry no metadata at all (no EXIF, GPS, XMP or ICC),
// because sharp drops metadata unless asked to keep it and this module never asks.

/** Ours: generous for phone cameras (a 48 MP sensor bins to 12 MP), small enough to stop pixel bombs. */
export const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Large covers the discovery card (at most 420 × 600 CSS px, so 840 × 1200 device pixels on a 2× phone)
 * for a 4:5 photo; small serves avatars and thumbnails up to 180 CSS px wide at 2×.
 */
export const LARGE_BOX = { width: 1080, height: 1350 } as const;
export const SMALL_BOX = { width: 360, height: 450 } as const;
/** The teaser is built from so few pixels that no face or detail survives, blurred there, then enlarged. */
const BLUR_SOURCE_WIDTH = 32;
const BLUR_OUTPUT_WIDTH = 360;
/** In 32-pixel units: about 9 pixels of the enlarged teaser. */
const BLUR_SIGMA = 0.8;
/**
 * libwebp effort (0–6, default 4). At 2 encoding takes about half the time for files a few percent
 * larger: uploads are CPU-bound on the API instance, bytes are cheap.
 */
const WEBP_EFFORT = 2;

/**
 * sharp's names for what we accept; 'heif' is the container of AVIF (and of HEIC, refused below).
 * GIFs contribute their first frame.
 */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif', 'gif']);
const ACCEPTED_NAMES = 'JPG, PNG, WebP, AVIF or GIF';

export type ImageRejectionCode = 'not_an_image' | 'unsupported_format' | 'too_many_pixels' | 'unreadable';

/** The upload is refused; `message` is written for the member ("an upload that is refused says why"). */
export class ImageRejected extends Error {
  override readonly name = 'ImageRejected';
  constructor(
    readonly code: ImageRejectionCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export type ProcessedImage = {
  large: Buffer;
  small: Buffer;
  blur: Buffer;
  /** The avatar: a FACE_SIZE square around the face (face-crop.ts). */
  face: Buffer;
  /** Size of the large variant, after orientation. */
  width: number;
  height: number;
};

export type PhotoKeys = { keyLarge: string; keySmall: string; keyBlur: string; keyFace: string };

type RawPixels = { data: Buffer; info: { width: number; height: number; channels: 1 | 2 | 3 | 4 } };

const fromRaw = ({ data, info }: RawPixels) =>
  sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });

/** The avatar square of upright pixels: cut around the face (or the upper-centre third), then sized. */
function encodeFace(pixels: RawPixels, face?: FaceBox | null): Promise<Buffer> {
  const { left, top, side } = faceSquare(pixels.info.width, pixels.info.height, face);
  return fromRaw(pixels)
    .extract({ left, top, width: side, height: side })
    .resize({ width: FACE_SIZE, height: FACE_SIZE })
    .webp({ quality: 80, effort: WEBP_EFFORT })
    .toBuffer();
}

async function sniff(input: Buffer): Promise<void> {
  // Reads the header only; nothing is decoded yet. sharp's own pixel limit (268 MP) would make a
  // bigger header unreadable here, and the member would hear "not an image" instead of "too large":
  // the limit is lifted for this header read only and applied below, with its own reason.
  const meta = await sharp(input, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!meta) {
    throw new ImageRejected('not_an_image', `The file is not an image. Please upload a ${ACCEPTED_NAMES}.`);
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) {
    throw new ImageRejected(
      'unsupported_format',
      `${(meta.format ?? 'This').toUpperCase()} images are not accepted. Please upload a ${ACCEPTED_NAMES}.`,
    );
  }
  // HEIC is HEVC in the HEIF container, and the image library we ship decodes AV1 there but not
  // HEVC (no libde265 in sharp's prebuilt libvips): said now, not as an unreadable image after the
  // upload. An iPhone shares its photos as JPG when asked for "Most Compatible".
  if (meta.format === 'heif' && meta.compression !== 'av1') {
    throw new ImageRejected(
      'unsupported_format',
      `HEIC images are not accepted yet. Please upload a ${ACCEPTED_NAMES} (on an iPhone, share the photo as JPG).`,
    );
  }
  const { width, height } = meta;
  if (!width || !height) throw new ImageRejected('unreadable', 'The image could not be read.');
  if (width * height > MAX_INPUT_PIXELS) {
    throw new ImageRejected(
      'too_many_pixels',
      'The image is too large. Please upload a picture of at most 40 megapixels.',
    );
  }
}

/**
 * Decodes, orients and re-encodes an upload into the four stored WebP variants. `face`, when the
 * caller knows where the face is, centres the avatar square on it.
 */
export async function processImage(
  input: Buffer,
  { face }: { face?: FaceBox | null } = {},
): Promise<ProcessedImage> {
  await sniff(input);
  try {
    // Decode once, upright and already fitted to the large box (JPEG and WebP can shrink while
    // decoding, so a 12 MP photo is never fully expanded), then derive every variant from those pixels.
    // pages: 1 takes the first frame of an animation; the pixel limit also guards the decoder.
    const fitted = await sharp(input, { pages: 1, limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ ...LARGE_BOX, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixels = () => fromRaw(fitted);
    const [large, small, faceSquareWebp, tiny] = await Promise.all([
      pixels().webp({ quality: 82, effort: WEBP_EFFORT }).toBuffer(),
      pixels()
        .resize({ ...SMALL_BOX, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 78, effort: WEBP_EFFORT })
        .toBuffer(),
      encodeFace(fitted, face),
      pixels()
        .resize({ width: BLUR_SOURCE_WIDTH })
        .blur(BLUR_SIGMA)
        .raw()
        .toBuffer({ resolveWithObject: true }),
    ]);
    // A separate pipeline: sharp applies one resize per pipeline, and the enlargement must start from
    // the blurred 32-pixel image. Linear interpolation is enough for pixels that carry no detail.
    const blur = await fromRaw(tiny)
      .resize({ width: BLUR_OUTPUT_WIDTH, kernel: 'linear' })
      .webp({ quality: 60, effort: WEBP_EFFORT })
      .toBuffer();
    return {
      large,
      small,
      blur,
      face: faceSquareWebp,
      width: fitted.info.width,
      height: fitted.info.height,
    };
  } catch (error) {
    // A header that parses but a body that does not decode (a truncated file).
    throw new ImageRejected('unreadable', 'The image could not be read. Please try another picture.', {
      cause: error,
    });
  }
}

/**
 * The avatar square of a photo stored before face squares existed, from its stored large variant
 * (already upright and clean). No face box is known for those: the upper-centre third.
 */
export async function faceFromLarge(large: Buffer): Promise<Buffer> {
  const pixels = await sharp(large, { limitInputPixels: MAX_INPUT_PIXELS })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return encodeFace(pixels);
}

/** A fresh random key in the member's folder for one variant ('l', 's', 'b' or 'f'). */
export const variantKey = (userId: string, stem: string, variant: 'l' | 's' | 'b' | 'f') =>
  `photos/${userId}/${stem}-${variant}.webp`;

/**
 * Stores the variants under fresh random keys (never derived from the upload's name) and returns the
 * keys for the photos row. If one write fails, the others are removed so no orphan stays behind.
 */
export async function storePhotoVariants(
  storage: ObjectStorage,
  userId: string,
  images: Pick<ProcessedImage, 'large' | 'small' | 'blur' | 'face'>,
): Promise<PhotoKeys> {
  const stem = randomUUID();
  const keys: PhotoKeys = {
    keyLarge: variantKey(userId, stem, 'l'),
    keySmall: variantKey(userId, stem, 's'),
    keyBlur: variantKey(userId, stem, 'b'),
    keyFace: variantKey(userId, stem, 'f'),
  };
  await storeWebpObjects(storage, [
    [keys.keyLarge, images.large],
    [keys.keySmall, images.small],
    [keys.keyBlur, images.blur],
    [keys.keyFace, images.face],
  ]);
  return keys;
}

/**
 * Writes processed WebP variants under the given keys, all or none: if one write fails, the others
 * are removed so no orphan stays behind (member photos above, event photos in modules/events).
 */
export async function storeWebpObjects(
  storage: ObjectStorage,
  writes: ReadonlyArray<readonly [key: string, body: Buffer]>,
): Promise<void> {
  const results = await Promise.allSettled(writes.map(([key, body]) => storage.put(key, body, 'image/webp')));
  const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure) {
    await Promise.allSettled(writes.map(([key]) => storage.delete(key)));
    throw failure.reason;
  }
}
