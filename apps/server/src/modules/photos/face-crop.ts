// Where the avatar square is cut from a photo. Avatars are 40–96 CSS px circles: the whole bust shrunk
// into one shows a face a few pixels wide, so every photo also gets a square around the face.

/** Side of the stored face square: the largest avatar (96 CSS px, More's profile summary) at 2×. */
export const FACE_SIZE = 192;

/**
 * A face's bounding box as fractions (0–1) of the upright picture, so it does not depend on the size
 * the picture is decoded or stored at.
 */
export type FaceBox = { x: number; y: number; width: number; height: number };

/** A square in pixels of the upright picture, inside it. */
export type Square = { left: number; top: number; side: number };

/**
 * Without a detected face: portraits put the face in the upper-centre third (the rule of thirds that
 * phone cameras and the demo portraits follow), so the square is centred horizontally, its centre a
 * third of the way down, its side 60 % of the width — head and a little of the shoulders.
 */
const DEFAULT_SIDE_OF_WIDTH = 0.6;
const DEFAULT_CENTRE_OF_HEIGHT = 1 / 3;
/** With a face box: the face fills a little over half the square, leaving hair and chin in. */
const SIDE_PER_FACE = 1.8;

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/**
 * The square of a `width` × `height` picture that its avatar shows: around `face` when one was
 * detected, else the upper-centre third. Never larger than the picture and always inside it.
 */
export function faceSquare(width: number, height: number, face?: FaceBox | null): Square {
  const fit = Math.min(width, height);
  const wanted = face
    ? Math.max(face.width * width, face.height * height) * SIDE_PER_FACE
    : width * DEFAULT_SIDE_OF_WIDTH;
  const side = clamp(Math.round(wanted), 1, fit);
  const centreX = face ? (face.x + face.width / 2) * width : width / 2;
  const centreY = face ? (face.y + face.height / 2) * height : height * DEFAULT_CENTRE_OF_HEIGHT;
  return {
    left: clamp(Math.round(centreX - side / 2), 0, width - side),
    top: clamp(Math.round(centreY - side / 2), 0, height - side),
    side,
  };
}
