import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { demoCast } from './index';
import { GREY_HAIR, MEN_HAIR, WOMEN_HAIR } from './portrait/person';
import {
  describePerson,
  type Person,
  PORTRAIT_HEIGHT,
  PORTRAIT_WIDTH,
  planShot,
  portraitShot,
  renderPortrait,
} from './portraits';

const person = (index: number, userType: 'men' | 'women' = 'women', age = 32) =>
  describePerson({ key: `member-${userType}-${index}@example.test`, index, userType, age });

/** The traits a glance tells apart: skin tone, hairstyle, face shape. */
const SALIENT = ['skin', 'hair', 'face'] as const;
const differences = (a: Person, b: Person) => SALIENT.filter((trait) => a[trait] !== b[trait]).length;

/** The mean colour of the middle of the cheek below the lit eye, in the photo as rendered. */
async function cheekColour(look: Person, photo: number): Promise<[number, number, number]> {
  const { face, scene } = planShot(look, photo);
  const side = scene.light.side;
  const size = Math.round(face.width * 0.12);
  const patch = await sharp(await renderPortrait(look, photo))
    .extract({
      left: Math.round(face.x + face.width * (0.5 + side * 0.22) - size / 2),
      top: Math.round(face.y + face.height * 0.58),
      width: size,
      height: size,
    })
    .png()
    .toBuffer();
  // stats() reads the input image, so the patch is cut out first.
  const stats = await sharp(patch).stats();
  const [r, g, b] = stats.channels.map((c) => c.mean);
  return [r ?? 0, g ?? 0, b ?? 0];
}

const distance = (a: readonly number[], b: readonly number[]) =>
  Math.hypot(...a.map((v, i) => v - (b[i] ?? 0)));

const hexColour = (hex: string) => [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));

describe('demo portraits', () => {
  it('draws the same person from the same key, every time', async () => {
    expect(person(3)).toEqual(person(3));
    const [first, again] = await Promise.all([renderPortrait(person(3), 1), renderPortrait(person(3), 1)]);
    expect(createHash('sha256').update(first).digest('hex')).toBe(
      createHash('sha256').update(again).digest('hex'),
    );
  });

  it('renders a 4:5 picture at twice the card size, opaque', async () => {
    const meta = await sharp(await renderPortrait(person(0, 'men'), 0)).metadata();
    expect({ width: meta.width, height: meta.height, channels: meta.channels }).toEqual({
      width: PORTRAIT_WIDTH,
      height: PORTRAIT_HEIGHT,
      channels: 3,
    });
  });

  it('casts no two demo members alike: any two differ in at least two of skin, hairstyle and face', () => {
    const cast = demoCast();
    expect(cast.length).toBeGreaterThanOrEqual(57);
    const clashes: string[] = [];
    for (const [i, a] of cast.entries())
      for (const b of cast.slice(i + 1))
        if (a.look.women === b.look.women && differences(a.look, b.look) < 2)
          clashes.push(`${a.email} ~ ${b.email}`);
    expect(clashes).toEqual([]);
    // A mixed cast, not one look repeated: every skin tone and every hairstyle appears.
    expect(new Set(cast.map((m) => m.look.skin)).size).toBe(7);
    expect(new Set(cast.map((m) => m.look.hair)).size).toBe(WOMEN_HAIR.length + MEN_HAIR.length);
  });

  it('keeps one person across a member’s photos while the place, framing and expression change', () => {
    const look = person(5, 'men', 51);
    const shots = [0, 1, 2, 3].map((photo) => portraitShot(look, photo));
    expect(new Set(shots.map((s) => s.shot.scene.name)).size).toBe(4);
    expect(new Set(shots.map((s) => s.shot.framing)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(shots.map((s) => JSON.stringify(s.shot.expression))).size).toBeGreaterThanOrEqual(3);
    // The card smiles: it is the first impression.
    expect(shots[0]?.shot.expression.smile).toBeGreaterThanOrEqual(0.5);
    for (const { figure } of shots) {
      expect(figure).toContain(look.skin);
      expect(figure).toContain(look.eyeColour);
    }
  });

  it('paints the same skin in every photo of a member, and a different one for a member of another tone', async () => {
    const fair = person(0);
    const deep = person(5);
    const fairCheeks = await Promise.all([0, 1, 2].map((photo) => cheekColour(fair, photo)));
    const deepCheek = await cheekColour(deep, 0);
    for (const cheek of fairCheeks) {
      // Within one member the place's light shifts the tone a little…
      expect(distance(cheek, fairCheeks[0] ?? cheek)).toBeLessThan(45);
      // …and it stays near the member's own skin, far from the other member's.
      expect(distance(cheek, hexColour(fair.skin))).toBeLessThan(distance(cheek, deepCheek));
    }
    expect(distance(fairCheeks[0] ?? [0, 0, 0], deepCheek)).toBeGreaterThan(90);
  }, 30_000);

  it('puts every face in the upper-centre of the picture, where a face crop looks for it', () => {
    for (let i = 0; i < 30; i++)
      for (const photo of [0, 1, 2, 3]) {
        const { face } = planShot(person(i, i % 2 ? 'men' : 'women'), photo);
        const centreX = (face.x + face.width / 2) / PORTRAIT_WIDTH;
        const centreY = (face.y + face.height / 2) / PORTRAIT_HEIGHT;
        expect(centreX).toBeGreaterThan(1 / 3);
        expect(centreX).toBeLessThan(2 / 3);
        expect(centreY).toBeGreaterThan(0.2);
        expect(centreY).toBeLessThan(0.5);
        expect(face.y).toBeGreaterThanOrEqual(0);
      }
  });

  it('keeps grey hair for members in their late forties and older', () => {
    const young = Array.from({ length: 40 }, (_, i) => person(i, 'women', 30));
    expect(young.some((l) => (GREY_HAIR as readonly string[]).includes(l.hairColour))).toBe(false);
    const older = Array.from({ length: 40 }, (_, i) => person(i, 'women', 55));
    expect(older.some((l) => (GREY_HAIR as readonly string[]).includes(l.hairColour))).toBe(true);
  });

  it('gives women and men their own hairstyles, and beards only to men', () => {
    const women = Array.from({ length: 40 }, (_, i) => person(i, 'women'));
    expect(women.every((l) => l.beard === null)).toBe(true);
    const men = Array.from({ length: 40 }, (_, i) => person(i, 'men'));
    expect(men.some((l) => l.beard !== null)).toBe(true);
    const menHair = new Set(men.map((l) => l.hair));
    expect(women.filter((l) => menHair.has(l.hair))).toEqual([]);
  });
});
