import { createHash } from 'node:crypto';
import type { Options as AvatarOptions } from '@dicebear/avataaars';
import * as avataaars from '@dicebear/avataaars';
import { createAvatar } from '@dicebear/core';
import type { UserType } from '@royal/shared';
import sharp from 'sharp';
import { createRandom, type Random } from './random';

// Demo photos are drawn, not downloaded: an illustrated person (DiceBear's Avataaars style, by Pablo
// Stanley, free for personal and commercial use; see docs/decisions/007-demo-portraits.md) on a drawn
// backdrop, rasterised by sharp and then sent through the same upload pipeline as a real photo.
// No real person is depicted. A member's look (skin, hair, face, glasses, style of dress) is fixed by
// their key, so every photo shows the same person; each photo changes the scene, the framing, the
// expression and the outfit's colour, as photos taken on different days would.

/** 4:5, twice the discovery card's CSS size on a 2× phone (the card is at most 420 × 600 CSS px). */
export const PORTRAIT_WIDTH = 960;
export const PORTRAIT_HEIGHT = 1200;

/** One choice of an Avataaars option (a hairstyle, a garment, a mouth …). */
type Choice<K extends keyof AvatarOptions> =
  NonNullable<AvatarOptions[K]> extends readonly (infer T)[] ? T : never;

/** Near-universal skin tones, light to deep. Seven (a prime): cycled against the hairstyles below. */
const SKIN_TONES = ['ffdbb4', 'f1c27d', 'edb98a', 'd08b5b', 'ae5d29', '8d5524', '614335'] as const;
/** Natural hair colours, darkest first; the fair shades (from auburn on) only go with the lighter skin tones. */
const HAIR_COLOURS = ['2c1b18', '4a312c', '724133', 'a55728', 'b58143', 'd6b370'] as const;
/** How many of HAIR_COLOURS suit the darker half of the skin tones (from the fourth on). */
const DARK_HAIR_COUNT = 3;
/** Black and dark brown are the most common: a pick is from this list, weighted by repetition. */
const HAIR_WEIGHTS = [3, 2, 1, 1, 1, 1] as const;
/** Greys, kept for members in their late forties and older. */
const GREY_HAIR = ['e8e1e1', 'b9b4b0'] as const;
/** Eleven each (a prime, coprime with the seven skin tones): 77 distinct pairs before one repeats. */
const WOMEN_HAIR = [
  'longButNotTooLong',
  'bob',
  'curly',
  'bun',
  'straight01',
  'dreads',
  'curvy',
  'straightAndStrand',
  'miaWallace',
  'fro',
  'straight02',
] as const satisfies readonly Choice<'top'>[];
const MEN_HAIR = [
  'shortFlat',
  'theCaesarAndSidePart',
  'shortWaved',
  'shortCurly',
  'sides',
  'theCaesar',
  'frizzle',
  'shortRound',
  'dreads01',
  'shaggy',
  'dreads02',
] as const satisfies readonly Choice<'top'>[];
const WOMEN_CLOTHING: readonly Choice<'clothing'>[] = [
  'blazerAndShirt',
  'shirtScoopNeck',
  'collarAndSweater',
  'shirtVNeck',
  'blazerAndSweater',
];
const MEN_CLOTHING: readonly Choice<'clothing'>[] = [
  'blazerAndShirt',
  'collarAndSweater',
  'blazerAndSweater',
  'shirtCrewNeck',
  'shirtVNeck',
];
/** Evening and tailoring colours: charcoal, navy, slate, ivory, burgundy, plum, forest, camel, black. */
const OUTFIT_COLOURS = [
  '262e33',
  '25557c',
  '3c4f5c',
  'f3ede2',
  '6e1f35',
  '4b1d6b',
  '2f4f4a',
  'a0764a',
  '141414',
];
const GLASSES: readonly Choice<'accessories'>[] = ['prescription02', 'round', 'prescription01'];
const BEARDS: readonly Choice<'facialHair'>[] = ['beardLight', 'beardMedium', 'beardLight', 'beardMajestic'];
/**
 * Warm, photogenic expressions only: smiles open and closed, relaxed or raised brows (no frown, tongue,
 * eye-roll or "vomit"). Photo 0 is the member's open smile.
 */
const EXPRESSIONS = [
  { eyes: 'default', eyebrows: 'defaultNatural', mouth: 'smile' },
  { eyes: 'happy', eyebrows: 'raisedExcitedNatural', mouth: 'twinkle' },
  { eyes: 'default', eyebrows: 'defaultNatural', mouth: 'twinkle' },
  { eyes: 'squint', eyebrows: 'defaultNatural', mouth: 'smile' },
  { eyes: 'default', eyebrows: 'raisedExcitedNatural', mouth: 'twinkle' },
] as const satisfies readonly {
  eyes: Choice<'eyes'>;
  eyebrows: Choice<'eyebrows'>;
  mouth: Choice<'mouth'>;
}[];

export type Person = {
  skin: string;
  hair: Choice<'top'>;
  hairColour: string;
  clothing: Choice<'clothing'>;
  /** The member's palette: each photo wears one of these. */
  outfitColours: readonly string[];
  glasses: Choice<'accessories'> | null;
  beard: Choice<'facialHair'> | null;
  /** Offsets the scene, framing and expression cycles so members do not share their first photo's. */
  photoOffset: number;
  /** Seeds the small scene details (light positions) of each photo. */
  detailSeed: number;
};

const seedOf = (text: string) => createHash('sha256').update(text).digest().readUInt32LE(0);

/**
 * The look of one demo person. `index` counts the members of one user type in seed order: skin tone
 * and hairstyle advance together through coprime cycles, so no two of the first 77 share both; the
 * rest is drawn from `key` (the member's e-mail), so the same member looks the same on every run.
 */
export function describePerson(input: {
  key: string;
  index: number;
  userType: UserType;
  age: number;
}): Person {
  const random = createRandom(seedOf(input.key));
  const women = input.userType === 'women';
  const hairstyles = women ? WOMEN_HAIR : MEN_HAIR;
  const greying = input.age >= 48 && random.chance(0.6);
  const skinIndex = input.index % SKIN_TONES.length;
  return {
    skin: SKIN_TONES[skinIndex] ?? SKIN_TONES[0],
    hair: hairstyles[input.index % hairstyles.length] ?? hairstyles[0],
    hairColour: greying ? random.pick(GREY_HAIR) : pickHairColour(random, skinIndex >= 3),
    clothing: random.pick(women ? WOMEN_CLOTHING : MEN_CLOTHING),
    outfitColours: random.sample(OUTFIT_COLOURS, 4),
    glasses: random.chance(0.18) ? random.pick(GLASSES) : null,
    beard: !women && random.chance(0.45) ? random.pick(BEARDS) : null,
    photoOffset: random.int(0, 59),
    detailSeed: random.int(0, 2 ** 31),
  };
}

function pickHairColour(random: Random, darkOnly: boolean): string {
  const shades = HAIR_COLOURS.slice(0, darkOnly ? DARK_HAIR_COUNT : HAIR_COLOURS.length);
  return random.pick(shades.flatMap((shade, i) => Array<string>(HAIR_WEIGHTS[i] ?? 1).fill(shade)));
}

function avatarSvg(person: Person, photo: number, size: number): string {
  const expression =
    EXPRESSIONS[(photo + (photo > 0 ? person.photoOffset : 0)) % EXPRESSIONS.length] ?? EXPRESSIONS[0];
  return createAvatar(avataaars, {
    seed: 'portrait',
    size,
    style: ['default'],
    top: [person.hair],
    topProbability: 100,
    hairColor: [person.hairColour],
    skinColor: [person.skin],
    clothing: [person.clothing],
    clothesColor: [person.outfitColours[photo % person.outfitColours.length] ?? '262e33'],
    accessories: person.glasses ? [person.glasses] : [],
    accessoriesProbability: person.glasses ? 100 : 0,
    accessoriesColor: ['262e33'],
    facialHair: person.beard ? [person.beard] : [],
    facialHairProbability: person.beard ? 100 : 0,
    facialHairColor: [person.hairColour],
    eyes: [expression.eyes],
    eyebrows: [expression.eyebrows],
    mouth: [expression.mouth],
  }).toString();
}

// --- Scenes: drawn backdrops that read as places (studio, lounge, window, terrace, dusk, gallery). ---

const W = PORTRAIT_WIDTH;
const H = PORTRAIT_HEIGHT;

/** Soft out-of-focus lights: radial-gradient discs, which rasterise much faster than a blur filter. */
function bokeh(random: Random, colours: readonly string[], count: number, area: [number, number]): string {
  const [top, bottom] = area;
  return Array.from({ length: count }, (_, i) => {
    const r = random.int(30, 110);
    return `<circle cx="${random.int(-40, W + 40)}" cy="${random.int(top, bottom)}" r="${r}" fill="url(#bokeh-${i % colours.length})" opacity="${random.float(0.25, 0.7).toFixed(2)}"/>`;
  }).join('');
}

function bokehDefs(colours: readonly string[]): string {
  return colours
    .map(
      (c, i) =>
        `<radialGradient id="bokeh-${i}"><stop offset="0" stop-color="#${c}" stop-opacity="0.9"/><stop offset="0.7" stop-color="#${c}" stop-opacity="0.55"/><stop offset="1" stop-color="#${c}" stop-opacity="0"/></radialGradient>`,
    )
    .join('');
}

type Scene = (random: Random) => string;

const SCENES: readonly Scene[] = [
  // Studio: a warm seamless backdrop, lit from the upper left.
  () => `<defs><radialGradient id="bg" cx="0.38" cy="0.3" r="0.9"><stop offset="0" stop-color="#efe3cf"/><stop offset="0.6" stop-color="#c9ad86"/><stop offset="1" stop-color="#8a6d4b"/></radialGradient></defs>
    <rect width="${W}" height="${H}" fill="url(#bg)"/>`,
  // Lounge at night: deep plum with gold and amber lights behind.
  (random) => {
    const lights = ['f4c95d', 'e89b4c', 'fbe3a4'];
    return `<defs><linearGradient id="bg" x1="0" y1="0" x2="0.3" y2="1"><stop offset="0" stop-color="#3a1656"/><stop offset="1" stop-color="#14061f"/></linearGradient>${bokehDefs(lights)}</defs>
    <rect width="${W}" height="${H}" fill="url(#bg)"/>${bokeh(random, lights, 14, [0, H * 0.75])}`;
  },
  // Window light: a pale room with the soft glow of tall panes.
  (random) => {
    const x = random.int(80, 420);
    return `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="0.2"><stop offset="0" stop-color="#e9e4dc"/><stop offset="1" stop-color="#b7aea2"/></linearGradient>
      <linearGradient id="pane" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.75"/><stop offset="1" stop-color="#ffffff" stop-opacity="0.15"/></linearGradient></defs>
    <rect width="${W}" height="${H}" fill="url(#bg)"/>
    <rect x="${x}" y="60" width="170" height="760" rx="6" fill="url(#pane)"/><rect x="${x + 190}" y="60" width="170" height="760" rx="6" fill="url(#pane)"/>
    <rect x="${x - 20}" y="820" width="570" height="24" fill="#a79c8f" opacity="0.6"/>`;
  },
  // Terrace: evening sky over greenery, leaves out of focus.
  (random) => {
    const leaves = ['5c8a5a', '8fb07a', '3d6b4f'];
    return `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#cfe0e8"/><stop offset="0.5" stop-color="#a9c4a4"/><stop offset="1" stop-color="#46684f"/></linearGradient>${bokehDefs(leaves)}</defs>
    <rect width="${W}" height="${H}" fill="url(#bg)"/>${bokeh(random, leaves, 16, [H * 0.3, H])}`;
  },
  // Dusk by the water: a sunset sky, the sea and a low sun.
  (random) => {
    const sunX = random.int(150, 810);
    return `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6d5a8c"/><stop offset="0.45" stop-color="#e39a7b"/><stop offset="0.62" stop-color="#f6c98f"/><stop offset="0.63" stop-color="#5f7a94"/><stop offset="1" stop-color="#2f4660"/></linearGradient>
      <radialGradient id="sun"><stop offset="0" stop-color="#fff3d6"/><stop offset="0.35" stop-color="#ffd9a0" stop-opacity="0.8"/><stop offset="1" stop-color="#ffd9a0" stop-opacity="0"/></radialGradient></defs>
    <rect width="${W}" height="${H}" fill="url(#bg)"/><circle cx="${sunX}" cy="${H * 0.6}" r="190" fill="url(#sun)"/>`;
  },
  // Gallery: an ivory wall, a framed canvas and a warm spotlight.
  (random) => {
    const x = random.chance(0.5) ? random.int(-120, 40) : random.int(560, 720);
    const art = random.pick(['6e1f35', '25557c', 'd4af37', '2f4f4a']);
    return `<defs><radialGradient id="bg" cx="0.5" cy="0.15" r="0.95"><stop offset="0" stop-color="#fbf6ea"/><stop offset="0.7" stop-color="#ddd2bf"/><stop offset="1" stop-color="#b3a58f"/></radialGradient></defs>
    <rect width="${W}" height="${H}" fill="url(#bg)"/>
    <rect x="${x}" y="140" width="360" height="440" fill="#1c1a17"/><rect x="${x + 18}" y="158" width="324" height="404" fill="#${art}"/>
    <circle cx="${x + 200}" cy="330" r="110" fill="#fbf6ea" opacity="0.35"/><rect x="${x + 40}" y="420" width="280" height="90" fill="#000" opacity="0.18"/>`;
  },
];

/**
 * Framings: `scale` is the size of the 280-unit avatar in pixels per unit, `x` where the person's
 * centre stands and `eyes` the height of their eyes, both as shares of the picture. Photo 0 is the
 * card: head and shoulders with room above the hair, the face clear of the name and bio laid over the
 * card's lower third. The others step back, step in (the close-up crops the hair, as a close portrait
 * does) or stand off-centre.
 */
const FRAMINGS = [
  { scale: 2.85, x: 0.5, eyes: 0.36 },
  { scale: 2.7, x: 0.4, eyes: 0.38 },
  { scale: 3.9, x: 0.54, eyes: 0.4 },
  { scale: 2.9, x: 0.6, eyes: 0.36 },
] as const;
/** Where the eyes are in the avatar's 280-unit box. */
const AVATAR_EYE_Y = 112;

/** One photo as layers: the backdrop and where the person stands on it. */
type Shot = {
  backdrop: string;
  figure: string;
  /** The avatar's box on the picture, in pixels; it may run past the edges. */
  box: { x: number; y: number; size: number };
};

/** The layers of one demo photo of `person` (exported for tests and for tweaking the look). */
export function portraitShot(person: Person, photo: number): Shot {
  const scene = SCENES[(person.photoOffset + photo) % SCENES.length] ?? SCENES[0];
  const framing =
    FRAMINGS[photo === 0 ? 0 : 1 + ((person.photoOffset + photo) % (FRAMINGS.length - 1))] ?? FRAMINGS[0];
  const random = createRandom(person.detailSeed + photo * 7919);
  const size = Math.round(280 * framing.scale);
  const x = Math.round(W * framing.x - size / 2);
  const y = Math.round(H * framing.eyes - AVATAR_EYE_Y * framing.scale);
  // No drop shadow behind the person: a soft one costs a seventh of the picture's drawing and
  // encoding time, and the scenes' own light already sets the figure apart.
  const backdrop = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${scene?.(random)}</svg>`;
  return { backdrop, figure: avatarSvg(person, photo, size), box: { x, y, size } };
}

/**
 * Rasterises one photo of `person` to PNG, ready for processImage like any upload. The avatar's body
 * ends at the bottom of its box; where the box ends above the picture's bottom edge, its last row is
 * repeated down to the edge, so the jacket, shirt and long hair simply continue out of frame.
 */
export async function renderPortrait(person: Person, photo: number): Promise<Buffer> {
  const { backdrop, figure, box } = portraitShot(person, photo);
  const below = Math.max(0, H - (box.y + box.size));
  const drawn = await sharp(Buffer.from(figure))
    .ensureAlpha()
    .extend({ bottom: below, extendWith: 'copy' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  // Only the part of the figure inside the picture is laid on it.
  const left = Math.max(0, -box.x);
  const top = Math.max(0, -box.y);
  const width = Math.min(drawn.info.width - left, W - Math.max(0, box.x));
  const height = Math.min(drawn.info.height - top, H - Math.max(0, box.y));
  const raw = { width: drawn.info.width, height: drawn.info.height, channels: 4 } as const;
  const visible = await sharp(drawn.data, { raw }).extract({ left, top, width, height }).raw().toBuffer();
  return (
    sharp(Buffer.from(backdrop))
      .composite([
        {
          input: visible,
          raw: { width, height, channels: 4 },
          left: Math.max(0, box.x),
          top: Math.max(0, box.y),
        },
      ])
      // Opaque RGB: the picture has no transparency, and encoding an alpha channel would only cost time.
      .removeAlpha()
      .png({ compressionLevel: 1 })
      .toBuffer()
  );
}
