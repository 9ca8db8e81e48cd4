import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { describePerson, PORTRAIT_HEIGHT, PORTRAIT_WIDTH, portraitShot, renderPortrait } from './portraits';

const person = (index: number, userType: 'men' | 'women' = 'women', age = 32) =>
  describePerson({ key: `member-${userType}-${index}@example.test`, index, userType, age });

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

  it('gives the members of one type distinct faces: no two of the first 77 share skin tone and hairstyle', () => {
    for (const userType of ['men', 'women'] as const) {
      const looks = Array.from({ length: 77 }, (_, i) => person(i, userType));
      expect(new Set(looks.map((l) => `${l.skin}/${l.hair}`)).size).toBe(77);
      // And across the first 14, every skin tone appears twice: the cast is mixed, not one look repeated.
      expect(new Set(looks.slice(0, 14).map((l) => l.skin)).size).toBe(7);
    }
  });

  it('keeps one identity across a member’s photos while the scene and expression change', () => {
    const look = person(5, 'men', 51);
    const photos = [0, 1, 2, 3].map((photo) => JSON.stringify(portraitShot(look, photo)));
    expect(new Set(photos).size).toBe(4);
    for (const svg of photos) {
      expect(svg).toContain(look.skin);
      expect(svg).toContain(look.hairColour);
    }
  });

  it('keeps grey hair for members in their late forties and older', () => {
    const young = Array.from({ length: 40 }, (_, i) => person(i, 'women', 30));
    expect(young.some((l) => ['e8e1e1', 'b9b4b0'].includes(l.hairColour))).toBe(false);
    const older = Array.from({ length: 40 }, (_, i) => person(i, 'women', 55));
    expect(older.some((l) => ['e8e1e1', 'b9b4b0'].includes(l.hairColour))).toBe(true);
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
