import sharp from 'sharp';
import { EXPRESSIONS, type Expression } from './portrait/face';
import { figureSvg, type Pose } from './portrait/figure';
import { num, radial } from './portrait/paint';
import { describePerson, type Person } from './portrait/person';
import { H, SCENES, type Scene, W } from './portrait/scenes';
import { createRandom } from './random';

// Demo photos are painted, not downloaded: a person drawn by our own SVG code (portrait/) in a drawn
// place, rasterised by sharp (librsvg) and then sent through the same upload pipeline as a real
// photo. No real person is depicted; see docs/decisions/040-painted-demo-portraits.md.
// A member's look (skin, hair, face, eyes, style of dress) is fixed by their key, so every photo
// shows the same person; each photo changes the place, the framing, the pose and the expression, as
// photos taken on different days would.

export { describePerson, type Person };

/** 4:5, twice the discovery card's CSS size on a 2× phone (the card is at most 420 × 600 CSS px). */
export const PORTRAIT_WIDTH = W;
export const PORTRAIT_HEIGHT = H;

/** The backdrop is drawn at a quarter of the size and blurred: a portrait lens's depth of field. */
const BACKDROP_SCALE = 4;

/**
 * Framings, as shares of the picture: `scale` is pixels per head unit (the face is 100 units wide),
 * `x`/`y` where the eyes are. Photo 0 is the card: head and shoulders, the face in the upper-centre
 * third, clear of the name and bio laid over the card's lower third. Later photos come closer, step
 * back to the waist or stand off-centre with the face turned towards the middle; the face always
 * stays in the middle third across and the top half down, where a face-centred crop looks for it.
 */
const FRAMINGS = [
  { name: 'portrait', scale: 2.6, x: 0.5, y: 0.36, turn: 0.08 },
  { name: 'close-up', scale: 3.7, x: 0.5, y: 0.4, turn: -0.16 },
  { name: 'half-length', scale: 1.9, x: 0.46, y: 0.31, turn: 0.2 },
  { name: 'off-centre', scale: 2.3, x: 0.6, y: 0.35, turn: -0.3 },
  { name: 'off-centre left', scale: 2.1, x: 0.4, y: 0.34, turn: 0.28 },
] as const;

/** Photo 0 smiles (the card is a first impression); the others vary. */
const CARD_EXPRESSIONS: readonly Expression[] = [EXPRESSIONS.softSmile, EXPRESSIONS.warmSmile];
const LATER_EXPRESSIONS: readonly Expression[] = [
  EXPRESSIONS.laugh,
  EXPRESSIONS.calm,
  EXPRESSIONS.halfSmile,
  EXPRESSIONS.faraway,
  EXPRESSIONS.warmSmile,
  EXPRESSIONS.softSmile,
];

/** One photo's plan: where, how framed, with which expression and clothes. */
export type Shot = {
  scene: Scene;
  framing: (typeof FRAMINGS)[number]['name'];
  pose: Pose;
  expression: Expression;
  outfit: { colour: string; second: string };
  /** The face's box on the picture (pixels), for tests and for anyone cropping to the face. */
  face: { x: number; y: number; width: number; height: number };
};

/** Which place, framing, pose, expression and outfit photo number `photo` of `person` has. */
export function planShot(person: Person, photo: number): Shot {
  const random = createRandom(person.detailSeed + photo * 7919);
  // Consecutive scenes for one member's photos: never the same place twice in one profile.
  const scene = SCENES[(person.photoOffset + photo) % SCENES.length] ?? (SCENES[0] as Scene);
  const framing =
    FRAMINGS[photo === 0 ? 0 : 1 + ((person.photoOffset + photo - 1) % (FRAMINGS.length - 1))] ?? FRAMINGS[0];
  const expression =
    photo === 0
      ? (CARD_EXPRESSIONS[person.photoOffset % CARD_EXPRESSIONS.length] ?? EXPRESSIONS.softSmile)
      : (LATER_EXPRESSIONS[(person.photoOffset + photo) % LATER_EXPRESSIONS.length] ?? EXPRESSIONS.calm);
  const turnSign = photo === 0 && person.photoOffset % 2 === 1 ? -1 : 1;
  const pose: Pose = {
    scale: framing.scale,
    x: W * framing.x,
    y: H * framing.y,
    tilt: random.float(-5, 5),
    lean: random.float(-3, 3),
    turn: framing.turn * turnSign,
  };
  const colours = person.outfitColours;
  const outfit = {
    colour: colours[photo % colours.length] ?? '1f2733',
    second: colours[(photo + 1) % colours.length] ?? 'efe7da',
  };
  // The face runs from the hairline (some 60 units above the eyes) to the chin (about 72 below).
  const face = {
    x: Math.round(pose.x - 52 * pose.scale),
    y: Math.round(pose.y - 62 * pose.scale),
    width: Math.round(104 * pose.scale),
    height: Math.round(136 * pose.scale),
  };
  return { scene, framing: framing.name, pose, expression, outfit, face };
}

/** The SVG parts of one photo (exported for tests and for tweaking the look). */
export function portraitShot(person: Person, photo: number) {
  const shot = planShot(person, photo);
  const random = createRandom(person.detailSeed + photo * 104_729);
  const backdrop = `<svg xmlns="http://www.w3.org/2000/svg" width="${W / BACKDROP_SCALE}" height="${H / BACKDROP_SCALE}" viewBox="0 0 ${W} ${H}">${shot.scene.draw(random)}</svg>`;
  const figure = figureSvg(person, shot.pose, shot.expression, shot.outfit, shot.scene.light);
  return { shot, backdrop, figure, grade: gradeSvg(shot) };
}

/**
 * The photo's light, laid over everything: the place's colour, stronger on the side the light comes
 * from, and a gentle vignette that keeps the eye on the face.
 */
function gradeSvg(shot: Shot): string {
  const { colour, strength } = shot.scene.grade;
  const side = shot.scene.light.side;
  const fx = shot.pose.x / W;
  const fy = shot.pose.y / H;
  return `<defs>${radial(
    'vignette',
    [
      [0, '000000', 0],
      [0.6, '000000', 0],
      [1, '000000', 0.42],
    ],
    `cx="${num(fx)}" cy="${num(fy)}" r="0.85"`,
  )}<linearGradient id="tint" x1="${side > 0 ? 1 : 0}" y1="0" x2="${side > 0 ? 0 : 1}" y2="0.3"><stop offset="0" stop-color="#${colour}" stop-opacity="${num(strength * 1.6)}"/><stop offset="1" stop-color="#${colour}" stop-opacity="${num(strength * 0.3)}"/></linearGradient></defs><rect width="${W}" height="${H}" fill="url(#tint)"/><rect width="${W}" height="${H}" fill="url(#vignette)"/>`;
}

/**
 * Rasterises one photo of `person` to PNG, ready for processImage like any upload. The backdrop is
 * drawn small and blurred (a portrait lens's depth of field; a blur at full size costs sixteen times
 * as much), then the whole photo (backdrop scaled up, person, light) is one SVG drawn once: every
 * extra full-size layer composited by sharp cost more than drawing the person.
 */
export async function renderPortrait(person: Person, photo: number): Promise<Buffer> {
  const { shot, backdrop, figure, grade } = portraitShot(person, photo);
  const blurred = await sharp(Buffer.from(backdrop))
    .blur(shot.scene.blur)
    .removeAlpha()
    .png({ compressionLevel: 0 })
    .toBuffer();
  const photoSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><image width="${W}" height="${H}" preserveAspectRatio="none" href="data:image/png;base64,${blurred.toString('base64')}"/>${figure}${grade}</svg>`;
  return (
    sharp(Buffer.from(photoSvg))
      // Opaque RGB: the picture has no transparency, and encoding an alpha channel would only cost time.
      .removeAlpha()
      .png({ compressionLevel: 1 })
      .toBuffer()
  );
}
