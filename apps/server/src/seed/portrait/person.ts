import { createHash } from 'node:crypto';
import type { UserType } from '@royal/shared';
import { createRandom, type Random } from '../random';
import type { Hex } from './paint';

// Who a demo member is: everything that makes two photos the same person (skin, hair, face shape,
// eyes, features, style of dress) and nothing that changes between photos (place, pose, expression).

/** Skin tones, fair to deep. Seven (a prime): stepped against the hairstyles and face shapes below. */
export const SKIN_TONES = ['f4d6c0', 'e8bf9f', 'd6a47f', 'c08862', 'a16c48', '7f5135', '5e3b26'] as const;
/** Natural hair colours, darkest first; from auburn on they only go with the lighter skin tones. */
const HAIR_COLOURS = ['1c1512', '33231b', '4e3426', '6e4630', '8a4528', 'a47a4e', 'c9a46e'] as const;
const DARK_HAIR_COUNT = 4;
/** Black and dark brown are the most common: a pick from HAIR_COLOURS is weighted by these. */
const HAIR_WEIGHTS = [3, 3, 2, 2, 1, 1, 1] as const;
/** Silver and salt-and-pepper, for members in their late forties and older. */
export const GREY_HAIR = ['8f8a86', 'b9b4ae', 'd8d4cf'] as const;
/** Brown eyes for every skin tone; hazel, green, grey and blue mostly with the lighter ones. */
const DARK_EYES = ['2e1c12', '4a2e1b', '5e3b20'] as const;
const LIGHT_EYES = ['6b5a2a', '4f6a44', '4d6f93', '6d7f8c'] as const;

export const WOMEN_HAIR = [
  'longWaves',
  'bob',
  'curls',
  'bun',
  'longStraight',
  'pixie',
  'ponytail',
  'afro',
  'sideSwept',
  'longLayered',
  'lob',
] as const;
export const MEN_HAIR = [
  'crop',
  'sidePart',
  'curlyTop',
  'quiff',
  'buzz',
  'slickBack',
  'waves',
  'shaved',
  'textured',
  'topKnot',
  'fringe',
] as const;
export type Hairstyle = (typeof WOMEN_HAIR)[number] | (typeof MEN_HAIR)[number];

/** Face outlines: half-width at the jaw and chin, and the length below the eyes (head-width 100). */
export const FACE_SHAPES = {
  oval: { jaw: 0.74, chin: 0.36, length: 70, cheek: 1 },
  heart: { jaw: 0.66, chin: 0.26, length: 71, cheek: 1.03 },
  square: { jaw: 0.86, chin: 0.44, length: 68, cheek: 1 },
  round: { jaw: 0.82, chin: 0.4, length: 65, cheek: 1.04 },
  long: { jaw: 0.74, chin: 0.34, length: 76, cheek: 0.97 },
} as const;
export type FaceShape = keyof typeof FACE_SHAPES;
const SHAPES = Object.keys(FACE_SHAPES) as FaceShape[];

export const WOMEN_TOPS = ['camisole', 'blouse', 'knit', 'blazer', 'turtleneck', 'wrap', 'shirt'] as const;
export const MEN_TOPS = ['shirt', 'blazer', 'knit', 'tee', 'turtleneck', 'suit', 'polo'] as const;
export type Top = (typeof WOMEN_TOPS)[number] | (typeof MEN_TOPS)[number];

/** Tailoring and evening colours; each member wears three of them across their photos. */
const OUTFIT_COLOURS = [
  '1f2733',
  '2a3f5f',
  '465566',
  'efe7da',
  '6e1f35',
  '4a2a5e',
  '2f4f44',
  '9b7450',
  '171717',
  'c7b299',
  'f6f3ee',
  '8c3b2f',
  '5d6b4b',
  'b6c6d6',
] as const;
/** Lipstick for the women (rose, berry, nude, red, coral); men's lips follow the skin. */
const LIPSTICKS = ['b0505f', '8e2f45', 'b9776a', 'a3222e', 'c8645a', '9c4a4f'] as const;

export type Person = {
  women: boolean;
  skin: Hex;
  hair: Hairstyle;
  hairColour: Hex;
  eyeColour: Hex;
  lips: Hex;
  face: FaceShape;
  /** Small proportions that make faces differ even with the same outline (head-width units). */
  features: {
    eyeSpacing: number;
    eyeWidth: number;
    eyeHeight: number;
    /** Radians: positive lifts the outer corners. */
    eyeTilt: number;
    browWeight: number;
    browArch: number;
    noseWidth: number;
    noseLength: number;
    mouthWidth: number;
    lipFullness: number;
    neck: number;
    shoulders: number;
  };
  top: Top;
  /** The member's wardrobe: each photo wears one of these. */
  outfitColours: readonly Hex[];
  glasses: 'round' | 'square' | null;
  beard: 'stubble' | 'short' | 'full' | null;
  earrings: 'studs' | 'hoops' | 'drops' | null;
  necklace: boolean;
  /** Offsets the scene, pose and expression cycles so members do not share their first photo's. */
  photoOffset: number;
  /** Seeds the small details (lights, strands) of each photo. */
  detailSeed: number;
};

const seedOf = (text: string) => createHash('sha256').update(text).digest().readUInt32LE(0);

/**
 * The look of one demo person. `index` counts the members of one user type in seed order: skin tone
 * (7), hairstyle (11) and face shape (5) step through coprime cycles, so among any 35 consecutive
 * members of a type no two share two of the three; the rest is drawn from `key` (the member's e-mail),
 * so the same member looks the same on every run.
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
  const skinIndex = input.index % SKIN_TONES.length;
  const lightSkin = skinIndex < 3;
  const greying = input.age >= 48 && random.chance(0.6);
  const hair = hairstyles[input.index % hairstyles.length] ?? hairstyles[0];
  const skin = SKIN_TONES[skinIndex] ?? SKIN_TONES[0];
  const between = (min: number, max: number) => random.float(min, max);
  return {
    women,
    skin,
    hair,
    hairColour: greying ? random.pick(GREY_HAIR) : pickHairColour(random, skinIndex >= 3),
    eyeColour: lightSkin && random.chance(0.5) ? random.pick(LIGHT_EYES) : random.pick(DARK_EYES),
    lips: women ? random.pick(LIPSTICKS) : '',
    face: SHAPES[input.index % SHAPES.length] ?? 'oval',
    features: {
      eyeSpacing: between(21, 24.5),
      eyeWidth: women ? between(21, 24) : between(19.5, 22.5),
      eyeHeight: women ? between(8.2, 9.6) : between(7, 8.4),
      eyeTilt: between(-0.02, women ? 0.12 : 0.07),
      browWeight: women ? between(0.75, 1.05) : between(1.1, 1.5),
      browArch: women ? between(0.8, 1.3) : between(0.3, 0.8),
      noseWidth: women ? between(9.5, 12.5) : between(11.5, 15),
      noseLength: between(27, 32),
      mouthWidth: women ? between(31, 36) : between(32, 38),
      lipFullness: women ? between(1, 1.35) : between(0.75, 1),
      neck: women ? between(17, 19.5) : between(22, 25.5),
      shoulders: women ? between(100, 112) : between(122, 136),
    },
    top: random.pick(women ? WOMEN_TOPS : MEN_TOPS),
    outfitColours: random.sample(OUTFIT_COLOURS, 3),
    glasses: random.chance(0.16) ? random.pick(['round', 'square'] as const) : null,
    beard:
      !women && random.chance(0.5) ? random.pick(['stubble', 'short', 'full', 'stubble'] as const) : null,
    earrings: women && random.chance(0.75) ? random.pick(['studs', 'hoops', 'drops'] as const) : null,
    necklace: women && random.chance(0.45),
    photoOffset: random.int(0, 59),
    detailSeed: random.int(0, 2 ** 31),
  };
}

function pickHairColour(random: Random, darkOnly: boolean): Hex {
  const shades = HAIR_COLOURS.slice(0, darkOnly ? DARK_HAIR_COUNT : HAIR_COLOURS.length);
  return random.pick(shades.flatMap((shade, i) => Array<string>(HAIR_WEIGHTS[i] ?? 1).fill(shade)));
}
