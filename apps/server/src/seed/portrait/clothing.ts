import type { Lighting } from './face';
import { type Hex, lightness, linear, mix, type Point, shade, smooth } from './paint';
import type { Person, Top } from './person';

// The neck, shoulders and what the member wears, in the same units as the head (face 100 wide, eyes
// on y = 0). The torso runs far below the frame so that a half-length photo still ends in cloth.

const P = (x: number, y: number): Point => [x, y];

/** The torso's silhouette, given the neckline between the two shoulder seams (left to right). */
function torso(person: Person, neckline: Point[]): string {
  const sw = person.features.shoulders;
  const nw = person.features.neck;
  const slope = person.women ? 36 : 30;
  const rightShoulder = [
    P(nw + 20, 102),
    P(sw * 0.7, 104 + slope * 0.6),
    P(sw * 0.97, 110 + slope + 12),
    P(sw + 6, 210),
    P(sw + 8, 420),
    P(sw + 2, 760),
  ];
  const leftShoulder = rightShoulder.map(([x, y]) => P(-x, y)).reverse();
  return smooth([...leftShoulder, ...neckline, ...rightShoulder, P(0, 780)], true, 0.9);
}

function fabric(id: string, colour: Hex, light: Lighting): string {
  return linear(id, light.side > 0 ? [1, 0, 0, 0.25] : [0, 0, 1, 0.25], [
    [0, shade(colour, lightness(colour) > 0.7 ? 0.05 : 0.2), 1],
    [0.45, colour, 1],
    [1, shade(colour, lightness(colour) > 0.7 ? -0.25 : -0.4), 1],
  ]);
}

/** Curved necklines, right half (centre to the right shoulder seam); mirrored for the left. */
const half = (points: Point[]): Point[] => [
  ...points.map(([x, y]) => P(-x, y)).reverse(),
  ...points.slice(1),
];

const NECKLINES = {
  crew: (nw: number) => half([P(0, 124), P(nw * 0.9, 116), P(nw + 10, 104)]),
  v: (nw: number, depth: number) => half([P(0, depth), P(nw * 0.8, 130), P(nw + 8, 104)]),
  scoop: (nw: number, depth: number) =>
    half([P(0, depth), P(nw + 14, depth - 18), P(nw + 22, 120), P(nw + 24, 104)]),
  high: (nw: number) => half([P(0, 58), P(nw + 2, 62), P(nw + 12, 100)]),
};

export function clothingDefs(colour: Hex, second: Hex, light: Lighting): string {
  return [fabric('cloth', colour, light), fabric('cloth-2', second, light)].join('');
}

/** The outline of neck and torso together, which the body's soft shadows are clipped to. */
export function bodyClip(person: Person): string {
  return `<clipPath id="body-clip"><path d="${neckOutline(person)}"/><path d="${torso(person, NECKLINES.high(person.features.neck))}"/></clipPath>`;
}

function neckOutline(person: Person): string {
  const nw = person.features.neck;
  return smooth(
    [
      P(-nw, 20),
      P(-nw * 1.02, 80),
      P(-nw - 16, 112),
      P(-nw - 70, 150),
      P(-nw - 70, 330),
      P(nw + 70, 330),
      P(nw + 70, 150),
      P(nw + 16, 112),
      P(nw * 1.02, 80),
      P(nw, 20),
    ],
    true,
    0.8,
  );
}

/** The neck and upper chest, shaded under the chin. */
export function drawNeck(person: Person, light: Lighting): string {
  const skin = person.skin;
  const nw = person.features.neck;
  const neck = neckOutline(person);
  return [
    linear(
      'neck',
      [0, 0, 0, 1],
      [
        [0, shade(skin, -0.42), 1],
        [0.28, shade(skin, -0.2), 1],
        [0.55, skin, 1],
        [1, shade(skin, -0.1), 1],
      ],
    ),
    linear('neck-side', light.side > 0 ? [1, 0, 0, 0] : [0, 0, 1, 0], [
      [0, skin, 0],
      [0.6, skin, 0],
      [1, shade(skin, -0.4), 0.6],
    ]),
    `<path d="${neck}" fill="url(#neck)"/><path d="${neck}" fill="url(#neck-side)"/>`,
    // The collarbones, softly.
    ...[-1, 1].map(
      (s) =>
        `<path d="M${s * (nw - 2)},118 Q${s * (nw + 24)},124 ${s * (nw + 54)},120" fill="none" stroke="#${shade(skin, -0.35)}" stroke-width="2.5" opacity="0.3"/>`,
    ),
  ].join('');
}

/** What the member wears in this photo: `colour` the garment, `second` a shirt under a jacket. */
export function drawTop(person: Person, top: Top, colour: Hex, second: Hex, light: Lighting): string {
  return garment(person, top, colour, second, light) + arms(person, colour);
}

/** The inside edges of the arms, so a half-length photo shows arms at the sides, not a block of cloth. */
function arms(person: Person, colour: Hex): string {
  const sw = person.features.shoulders;
  return [-1, 1]
    .map(
      (s) =>
        `<path d="${smooth([P(s * (sw - 14), 190), P(s * (sw - 22), 320), P(s * (sw - 20), 500), P(s * (sw - 14), 760)], false)}" fill="none" stroke="#${shade(colour, -0.45)}" stroke-width="2.4" opacity="0.55"/>`,
    )
    .join('');
}

function garment(person: Person, top: Top, colour: Hex, second: Hex, light: Lighting): string {
  const nw = person.features.neck;
  const sw = person.features.shoulders;
  const seam = (s: number) => s * (nw + 22);
  const shirt = (c: string, depth: number) =>
    `<path d="${torso(person, NECKLINES.v(nw, depth))}" fill="url(#${c})"/>`;
  const collar = (tint: Hex, depth: number, spread: number) =>
    [-1, 1]
      .map(
        (s) =>
          `<path d="${smooth([P(s * (nw - 2), 86), P(s * (nw + 16), 100), P(s * (nw + 26 + spread), 128), P(s * (nw + 6), depth - 20), P(s * 2, depth), P(s * (nw * 0.5), 110)], true, 0.7)}" fill="#${shade(tint, s === light.side ? 0.12 : -0.08)}" stroke="#${shade(tint, -0.35)}" stroke-width="1" opacity="0.98"/>`,
      )
      .join('');
  const lapels = (tint: Hex, deep: number) =>
    [-1, 1]
      .map((s) => {
        const panel = smooth(
          [
            P(s * (nw + 14), 96),
            P(s * sw * 0.74, 100 + 22),
            P(s * sw, 152),
            P(s * (sw + 8), 230),
            P(s * (sw + 4), 760),
            P(s * 6, 760),
            P(s * 2, deep + 40),
            P(s * (nw * 0.9), 150),
          ],
          true,
          0.7,
        );
        const lapel = smooth(
          [
            P(s * (nw + 14), 96),
            P(s * (nw + 34), 148),
            P(s * (nw + 40), 156),
            P(s * (nw + 30), 176),
            P(s * 4, deep + 30),
            P(s * (nw * 0.7), 150),
          ],
          true,
          0.6,
        );
        return `<path d="${panel}" fill="url(#cloth)"/><path d="${lapel}" fill="#${shade(tint, s === light.side ? 0.1 : -0.2)}" stroke="#${shade(tint, -0.45)}" stroke-width="1.2"/>`;
      })
      .join('');
  switch (top) {
    case 'tee':
      return `<path d="${torso(person, NECKLINES.crew(nw))}" fill="url(#cloth)"/><path d="${smooth(NECKLINES.crew(nw), false)}" fill="none" stroke="#${shade(colour, -0.3)}" stroke-width="4"/>`;
    case 'knit': {
      const line = NECKLINES.crew(nw);
      return `<path d="${torso(person, line)}" fill="url(#cloth)"/><path d="${smooth(line, false)}" fill="none" stroke="#${shade(colour, -0.12)}" stroke-width="9"/><path d="${smooth(line, false)}" fill="none" stroke="#${shade(colour, 0.12)}" stroke-width="2" stroke-dasharray="1.5 3" opacity="0.6"/>`;
    }
    case 'turtleneck': {
      const line = NECKLINES.high(nw);
      const roll = smooth(
        [P(-nw - 4, 56), P(0, 64), P(nw + 4, 56), P(nw + 6, 98), P(0, 106), P(-nw - 6, 98)],
        true,
        0.8,
      );
      return `<path d="${torso(person, line)}" fill="url(#cloth)"/><path d="${roll}" fill="url(#cloth)" stroke="#${shade(colour, -0.3)}" stroke-width="1.2"/>${[0, 1, 2, 3].map((i) => `<path d="M${-nw - 4},${66 + i * 9} Q0,${74 + i * 9} ${nw + 4},${66 + i * 9}" fill="none" stroke="#${shade(colour, -0.25)}" stroke-width="1.4" opacity="0.45"/>`).join('')}`;
    }
    case 'camisole': {
      // A silk slip top: a soft scoop with straps over the shoulders.
      const body = torso(person, half([P(0, 190), P(sw * 0.42, 170), P(sw * 0.78, 150), P(sw * 0.96, 165)]));
      const straps = [-1, 1]
        .map(
          (s) =>
            `<path d="M${s * (sw * 0.48)},174 L${seam(s) + s * 4},106" stroke="#${shade(colour, -0.1)}" stroke-width="6" stroke-linecap="round"/>`,
        )
        .join('');
      return `<path d="${body}" fill="url(#cloth)"/>${straps}<path d="M${-sw * 0.4},176 Q0,206 ${sw * 0.4},176" fill="none" stroke="#${shade(colour, 0.35)}" stroke-width="3" opacity="0.5"/>`;
    }
    case 'blouse': {
      const line = NECKLINES.scoop(nw, 150);
      return `<path d="${torso(person, line)}" fill="url(#cloth)"/>${[-1, 1].map((s) => `<path d="M${s * 10},${152} Q${s * 20},200 ${s * 14},260" fill="none" stroke="#${shade(colour, -0.3)}" stroke-width="3" opacity="0.25"/>`).join('')}<path d="${smooth(line, false)}" fill="none" stroke="#${shade(colour, -0.2)}" stroke-width="2.5"/>`;
    }
    case 'wrap': {
      const line = NECKLINES.v(nw, 196);
      return `<path d="${torso(person, line)}" fill="url(#cloth)"/><path d="M10,196 Q${sw * 0.3},240 ${sw * 0.55},262" fill="none" stroke="#${shade(colour, -0.35)}" stroke-width="3" opacity="0.45"/><path d="${smooth(line, false)}" fill="none" stroke="#${shade(colour, 0.2)}" stroke-width="2" opacity="0.6"/>`;
    }
    case 'shirt': {
      const depth = person.women ? 168 : 156;
      return `${shirt('cloth', depth)}${collar(colour, depth, 4)}<path d="M2,${depth + 4} L2,760" stroke="#${shade(colour, -0.3)}" stroke-width="1.6" opacity="0.6"/>${[0, 1, 2].map((i) => `<circle cx="7" cy="${depth + 30 + i * 60}" r="2.4" fill="#${shade(colour, 0.3)}" stroke="#${shade(colour, -0.4)}" stroke-width="0.6"/>`).join('')}`;
    }
    case 'polo': {
      const depth = 150;
      return `${shirt('cloth', depth)}<rect x="-6" y="${depth - 36}" width="12" height="60" fill="#${shade(colour, -0.06)}" stroke="#${shade(colour, -0.35)}" stroke-width="1"/>${collar(colour, depth - 30, -4)}${[0, 1].map((i) => `<circle cx="0" cy="${depth - 20 + i * 22}" r="2.2" fill="#${shade(colour, 0.3)}"/>`).join('')}`;
    }
    case 'blazer': {
      // A jacket over a crew-neck top (women) or an open-collared shirt (men).
      const inner = person.women
        ? `<path d="${torso(person, NECKLINES.crew(nw))}" fill="url(#cloth-2)"/>`
        : `${shirt('cloth-2', 150)}${collar(second, 150, 2)}`;
      return `${inner}${lapels(colour, 190)}`;
    }
    case 'suit': {
      // Jacket, white shirt and a tie in the second colour.
      const white = 'f3f1ec';
      const tie = smooth(
        [P(-7, 104), P(7, 104), P(9, 120), P(14, 300), P(0, 320), P(-14, 300), P(-9, 120)],
        true,
        0.5,
      );
      return `<path d="${torso(person, NECKLINES.v(nw, 124))}" fill="#${white}"/>${collar(white, 124, 0)}<path d="${tie}" fill="#${mix(second, '1a1a1a', 0.2)}"/><path d="M-6,104 L6,104 L8,118 L-8,118Z" fill="#${shade(second, -0.3)}"/>${lapels(colour, 230)}`;
    }
  }
}

/** Jewellery at the neck (drawn over the top): a fine gold chain with a small pendant. */
export function drawNecklace(person: Person, top: Top): string {
  if (!person.necklace || top === 'turtleneck') return '';
  const nw = person.features.neck;
  const drop = top === 'knit' || top === 'blazer' ? 112 : 138;
  return `<path d="M${-nw - 4},100 Q0,${drop + 10} ${nw + 4},100" fill="none" stroke="#d9b56a" stroke-width="1.5"/><circle cx="0" cy="${drop + 6}" r="3.2" fill="#f0d48c" stroke="#a9843c" stroke-width="0.8"/>`;
}
