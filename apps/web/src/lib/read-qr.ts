import jsQR from 'jsqr';

// The one place the check-in screen reads QR codes (jsQR, a pure-JavaScript decoder): the camera's
// frames and a chosen photo both come here, and tests replace this module instead of a library.

/** Pixels as a canvas gives them (an ImageData, or anything shaped like one). */
export type Pixels = { data: Uint8ClampedArray; width: number; height: number };

/** A photo is drawn at most this wide or tall: larger adds decoding time, not a better read. */
const PHOTO_MAX_SIDE = 1600;
/** A smaller picture is drawn this large, so each QR module spans a few pixels. */
const PHOTO_MIN_SIDE = 400;

/**
 * The text of the QR code in these pixels, or null when none is found. `thorough` also tries the
 * image inverted (a ticket on a dark screen photographed in negative); the camera leaves it off,
 * since it reads a fresh frame many times a second anyway.
 */
export function readQrFromPixels(pixels: Pixels, { thorough = false } = {}): string | null {
  const found = jsQR(pixels.data, pixels.width, pixels.height, {
    inversionAttempts: thorough ? 'attemptBoth' : 'dontInvert',
  });
  return found?.data ? found.data : null;
}

/** A picture the canvas can draw, with its size. */
type Picture = { source: CanvasImageSource; width: number; height: number; close: () => void };

/**
 * Opens an image file: as a bitmap where the browser can (photos, screenshots), else through an
 * <img> (an SVG, such as the ticket's own QR image saved from the app, which bitmaps refuse).
 */
async function openPicture(file: Blob): Promise<Picture> {
  try {
    const bitmap = await createImageBitmap(file);
    return { source: bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() };
  } catch {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.src = url;
    try {
      await image.decode();
    } catch (error) {
      URL.revokeObjectURL(url);
      throw error;
    }
    return {
      source: image,
      width: image.naturalWidth || PHOTO_MAX_SIDE,
      height: image.naturalHeight || PHOTO_MAX_SIDE,
      close: () => URL.revokeObjectURL(url),
    };
  }
}

/** Decodes the picture in a file into pixels, scaled down if large (and up if tiny, as SVGs can be). */
async function pixelsOfImageFile(file: Blob): Promise<Pixels> {
  const picture = await openPicture(file);
  try {
    const longest = Math.max(picture.width, picture.height);
    const scale =
      longest > PHOTO_MAX_SIDE
        ? PHOTO_MAX_SIDE / longest
        : longest < PHOTO_MIN_SIDE
          ? PHOTO_MIN_SIDE / longest
          : 1;
    const width = Math.max(1, Math.round(picture.width * scale));
    const height = Math.max(1, Math.round(picture.height * scale));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('no 2d canvas');
    // A transparent picture (an SVG QR) would read as black on black: paint it on white.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
    context.drawImage(picture.source, 0, 0, width, height);
    return context.getImageData(0, 0, width, height);
  } finally {
    picture.close();
  }
}

/**
 * The QR code in an image file, or null when the picture has none (or is not a picture the browser
 * can open).
 */
export async function readQrFromImageFile(file: Blob): Promise<string | null> {
  let pixels: Pixels;
  try {
    pixels = await pixelsOfImageFile(file);
  } catch {
    return null;
  }
  return readQrFromPixels(pixels, { thorough: true });
}
