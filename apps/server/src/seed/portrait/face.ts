import { type Hex, lightness, linear, mix, num, type Point, radial, shade, smooth } from './paint';
import { FACE_SHAPES, type Person } from './person';

// The head, drawn in head units: the eyes on y = 0, the face 100 wide, the chin some 70 below the
// eyes. Painted rather than outlined: every form is a flat colour plus soft light and shadow, and
// lines appear only where a painter would put them (lash lines, the mouth, the brows).

/** An expression: how much the mouth smiles and opens, how open the eyes are, where they look. */
export type Expression = {
  smile: number;
  /** 0 closed lips … 1 a laugh showing the teeth. */
  open: number;
  /** 1 wide open … 0.5 the narrowed eyes of a laugh. */
  eyes: number;
  /** Eyebrows raised (1) or relaxed (0). */
  brows: number;
  /** One corner of the mouth higher than the other (a half smile). */
  asym: number;
  /** Where the eyes look, -1 left … 1 right. */
  gaze: number;
};

export const EXPRESSIONS = {
  softSmile: { smile: 0.6, open: 0, eyes: 0.9, brows: 0.2, asym: 0, gaze: 0 },
  warmSmile: { smile: 0.85, open: 0.45, eyes: 0.78, brows: 0.45, asym: 0, gaze: 0 },
  laugh: { smile: 1, open: 0.85, eyes: 0.6, brows: 0.8, asym: 0, gaze: 0.2 },
  calm: { smile: 0.22, open: 0, eyes: 1, brows: 0, asym: 0, gaze: 0 },
  halfSmile: { smile: 0.5, open: 0, eyes: 0.88, brows: 0.3, asym: 0.7, gaze: 0 },
  faraway: { smile: 0.4, open: 0.12, eyes: 0.85, brows: 0.15, asym: 0, gaze: -0.8 },
} as const satisfies Record<string, Expression>;

/** What the head needs to know about the photo it is in. */
export type Lighting = {
  /** The side the key light comes from: -1 left, 1 right. */
  side: -1 | 1;
  /** The colour of the light that rims the far edge (sunset orange, neon, window white). */
  rim: Hex;
};

/** The face's proportions: a man's jaw is squarer and his chin longer than a woman's of the same shape. */
export function jawOf(person: Person) {
  const shape = FACE_SHAPES[person.face];
  return person.women
    ? shape
    : { ...shape, jaw: shape.jaw + 0.09, chin: shape.chin + 0.08, length: shape.length + 3 };
}

/** The outline of the face; `turn` narrows the side turned away, as a three-quarter view does. */
export function faceOutline(person: Person, turn: number): string {
  const shape = jawOf(person);
  const a = 50 * shape.cheek;
  const L = shape.length;
  const right: Point[] = [
    [a * 0.58, -78],
    [a * 0.93, -54],
    [a * 1.0, -22],
    [a * 0.98, 8],
    [a * (shape.jaw + 0.13), 32],
    [a * shape.jaw, 48],
    [a * shape.chin, L - 5],
  ];
  const squeeze = (x: number) =>
    x > 0 ? x * (1 - Math.max(0, turn) * 0.3) : x * (1 + Math.min(0, turn) * 0.3);
  const side = (pts: Point[], sign: 1 | -1) =>
    pts.map(([x, y]) => [squeeze(sign * x) + turn * 4, y] as Point);
  const points: Point[] = [
    [turn * 4, -88],
    ...side(right, 1),
    [turn * 12, L],
    ...side([...right].reverse(), -1),
  ];
  return smooth(points);
}

export function faceDefs(person: Person, light: Lighting): string {
  const skin = person.skin;
  const lit = light.side;
  return [
    // The key light across the face: bright on the lit cheek, turning on the far one.
    linear('face-light', lit > 0 ? [1, 0.2, 0, 0.5] : [0, 0.2, 1, 0.5], [
      [0, shade(skin, 0.28), 0.55],
      [0.42, skin, 0],
      [0.75, shade(skin, -0.25), 0.25],
      [1, shade(skin, -0.45), 0.65],
    ]),
    // Form: the forehead, nose and chin come forward; the temples and jaw turn away.
    radial(
      'face-form',
      [
        [0, shade(skin, 0.12), 0.35],
        [0.55, skin, 0],
        [1, shade(skin, -0.4), 0.55],
      ],
      'cx="0.5" cy="0.42" r="0.62"',
    ),
    radial('blush', [
      [0, mix(skin, 'd0566a', 0.55), 0.38],
      [1, mix(skin, 'd0566a', 0.55), 0],
    ]),
    radial('soft-dark', [
      [0, shade(skin, -0.5), 0.5],
      [1, shade(skin, -0.5), 0],
    ]),
    radial('soft-light', [
      [0, shade(skin, 0.45), 0.6],
      [1, shade(skin, 0.45), 0],
    ]),
    radial('iris', [
      [0, shade(person.eyeColour, 0.35), 1],
      [0.55, person.eyeColour, 1],
      [1, shade(person.eyeColour, -0.55), 1],
    ]),
    linear('rim', lit > 0 ? [0, 0, 1, 0] : [1, 0, 0, 0], [
      [0, light.rim, 0.5],
      [0.12, light.rim, 0],
      [1, light.rim, 0],
    ]),
  ].join('');
}

/** The face: skin, light and shadow, ears, eyes, brows, nose, mouth and (for men) a full beard. */
export function drawFace(person: Person, expression: Expression, turn: number, light: Lighting): string {
  const skin = person.skin;
  const outline = faceOutline(person, turn);
  const shape = jawOf(person);
  const fx = turn * 13;
  const parts: string[] = [];
  parts.push(ears(person, turn));
  parts.push(`<path d="${outline}" fill="#${skin}"/>`);
  parts.push(`<clipPath id="face-clip"><path d="${outline}"/></clipPath>`);
  parts.push('<g clip-path="url(#face-clip)">');
  parts.push(`<rect x="-60" y="-95" width="120" height="${shape.length + 100}" fill="url(#face-form)"/>`);
  parts.push(`<rect x="-60" y="-95" width="120" height="${shape.length + 100}" fill="url(#face-light)"/>`);
  parts.push(faceShading(person, expression, turn, light));
  for (const s of [-1, 1]) {
    if (person.women || expression.smile > 0.5)
      parts.push(
        `<ellipse cx="${num(fx + s * 29)}" cy="${num(20 - expression.smile * 3)}" rx="15" ry="10" fill="url(#blush)" opacity="${person.women ? 0.75 : 0.35}"/>`,
      );
  }
  // Highlights: the lit forehead, the lit cheekbone and the chin.
  parts.push(
    `<ellipse cx="${num(fx + light.side * 12)}" cy="-36" rx="24" ry="13" fill="url(#soft-light)" opacity="0.55"/>`,
  );
  parts.push(
    `<ellipse cx="${num(fx + light.side * 30)}" cy="12" rx="13" ry="8" fill="url(#soft-light)" opacity="0.5"/>`,
  );
  parts.push(
    `<ellipse cx="${num(turn * 12)}" cy="${shape.length - 9}" rx="10" ry="5" fill="url(#soft-light)" opacity="0.4"/>`,
  );
  parts.push(`<path d="${outline}" fill="none" stroke="url(#rim)" stroke-width="7"/>`);
  if (person.beard === 'full') parts.push(fullBeard(person, turn));
  parts.push('</g>');
  parts.push(nose(person, turn, light));
  parts.push(mouth(person, expression, turn));
  for (const s of [-1, 1] as const) parts.push(eye(person, expression, turn, s, light));
  for (const s of [-1, 1] as const) parts.push(brow(person, expression, turn, s));
  return parts.join('');
}

/** A soft patch of shadow (or of `colour`, for stubble) on the shading layer. */
const soft = (
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  colour: Hex | 'shadow',
  opacity: number,
  rotate = 0,
) =>
  `<ellipse cx="${num(cx)}" cy="${num(cy)}" rx="${num(rx)}" ry="${num(ry)}" fill="${colour === 'shadow' ? 'url(#shadow)' : `#${colour}`}" opacity="${num(opacity)}"${rotate ? ` transform="rotate(${num(rotate)} ${num(cx)} ${num(cy)})"` : ''}/>`;

/** The shadow the jaw casts on the neck (drawn with the body, under the head). */
export function jawShadow(person: Person, turn: number): string {
  return soft(turn * 8, jawOf(person).length + 10, 34, 18, 'shadow', 0.75);
}

/**
 * The face's soft shadows, each an ellipse whose radial gradient fades to nothing at its edge: the
 * gradual falloff of real light without the cost of a blur filter (which quadrupled the drawing).
 */
function faceShading(person: Person, expression: Expression, turn: number, light: Lighting): string {
  const f = person.features;
  const shape = jawOf(person);
  const dark = 'shadow';
  const fx = turn * 13;
  const away = -light.side;
  const parts = [
    // The side of the face away from the light, and the shadow the hair casts on the forehead.
    soft(fx + away * 46, 0, 20, 70, dark, 0.3),
    soft(fx, -66, 46, 12, dark, 0.35),
    // Eye sockets, the cheekbones' hollows, the nose's shaded side and its shadow on the lip.
    soft(fx - f.eyeSpacing, -2, 13, 7, dark, 0.3),
    soft(fx + f.eyeSpacing, -2, 13, 7, dark, 0.3),
    soft(fx + away * 33, 32, 9, 14, dark, 0.28, away * 20),
    soft(turn * 17 + away * 7, f.noseLength * 0.55, 3.5, f.noseLength * 0.45, dark, 0.35),
    soft(turn * 17 + away * 2, f.noseLength + 5, f.noseWidth * 0.8, 3, dark, 0.35),
    // Under the lower lip.
    soft(turn * 12, f.noseLength + 27 + f.lipFullness * 2, 9, 3, dark, 0.3),
  ];
  if (expression.smile > 0.5)
    for (const s of [-1, 1])
      parts.push(
        soft(
          turn * 12 + s * (f.mouthWidth / 2 + 6),
          f.noseLength + 10,
          2.5,
          10,
          dark,
          0.22 * expression.smile,
          -s * 25,
        ),
      );
  if (person.beard && person.beard !== 'full') {
    // Stubble and a short beard: hair colour over the jaw, thickest round the mouth and chin.
    // A beard reads darker than the hair on the head (it is finer, and in the jaw's shadow).
    const c = shade(person.hairColour, -0.3);
    const o = person.beard === 'stubble' ? 0.32 : 0.62;
    const mx = turn * 12;
    parts.push(
      `<path d="${smooth([
        [mx - 50, 8],
        [mx - 30, f.noseLength + 4],
        [mx, f.noseLength + 8],
        [mx + 30, f.noseLength + 4],
        [mx + 50, 8],
        [mx + 44, 50],
        [mx + 12, shape.length + 2],
        [mx - 12, shape.length + 2],
        [mx - 44, 50],
      ])}" fill="#${c}" opacity="${o}"/>`,
      soft(mx, f.noseLength + 9, 17, 4, c, o + 0.15),
      soft(mx, shape.length - 6, 16, 8, c, o * 0.6),
    );
  }
  return parts.join('');
}

function ears(person: Person, turn: number): string {
  const a = 50 * FACE_SHAPES[person.face].cheek;
  return ([-1, 1] as const)
    .map((s) => {
      // The ear on the side turned away hides behind the cheek.
      const away = s * turn > 0;
      const x = s * (a * (away ? 0.9 : 0.97) + (away ? 0 : Math.abs(turn) * 6)) + turn * 4;
      const ear = smooth([
        [x - s * 2, -10],
        [x + s * 7, -14],
        [x + s * 10, 2],
        [x + s * 6, 22],
        [x - s * 1, 30],
        [x - s * 4, 12],
      ]);
      return `<path d="${ear}" fill="#${shade(person.skin, -0.08)}"/><path d="${smooth(
        [
          [x + s * 1, -4],
          [x + s * 6, -6],
          [x + s * 6, 10],
          [x + s * 2, 18],
        ],
        false,
      )}" fill="none" stroke="#${shade(person.skin, -0.3)}" stroke-width="2" opacity="0.6"/>`;
    })
    .join('');
}

function eye(person: Person, ex: Expression, turn: number, s: -1 | 1, light: Lighting): string {
  const f = person.features;
  const away = s * turn > 0;
  const w = f.eyeWidth * (away ? 1 - Math.abs(turn) * 0.35 : 1);
  const cx = turn * 13 + s * f.eyeSpacing * (away ? 1 - Math.abs(turn) * 0.25 : 1);
  const open = f.eyeHeight * ex.eyes;
  const inner: Point = [cx - (s * w) / 2, 1.2];
  const outer: Point = [cx + (s * w) / 2, 0.6 - f.eyeTilt * w];
  // The upper lid peaks a little towards the inner corner; a smile lifts the lower lid.
  const top: Point = [cx - s * w * 0.08, -open * 0.95];
  const lowerLift = (ex.smile > 0.6 ? ex.smile - 0.4 : 0) * 3;
  const bottom: Point = [cx + s * w * 0.05, open * 0.5 - lowerLift];
  const almond = smooth([
    inner,
    [cx - s * w * 0.32, -open * 0.75],
    top,
    [cx + s * w * 0.3, -open * 0.72],
    outer,
    [cx + s * w * 0.25, bottom[1] - 0.3],
    bottom,
    [cx - s * w * 0.3, bottom[1] - 0.5],
  ]);
  // A large iris tucked under the upper lid: whites showing above it would read as surprise.
  const irisR = Math.min(f.eyeHeight * 0.8, w * 0.3);
  const ix = cx + ex.gaze * w * 0.16 + turn * 3;
  const iy = -open * 0.05 + 0.6;
  const lashColour = mix(person.hairColour, '120c0a', 0.6);
  const lower = smooth(
    [outer, [cx + s * w * 0.25, bottom[1] - 0.3], bottom, [cx - s * w * 0.3, bottom[1] - 0.5], inner],
    false,
  );
  const crease = smooth(
    [
      [cx - s * w * 0.4, -open * 0.9 - 3.5],
      [cx, -open - 5.5],
      [cx + s * w * 0.45, -open * 0.8 - 4],
    ],
    false,
  );
  const id = `eye-${s > 0 ? 'r' : 'l'}`;
  const parts = [
    `<clipPath id="${id}"><path d="${almond}"/></clipPath>`,
    `<path d="${almond}" fill="#${mix('f4eee8', person.skin, 0.18)}"/>`,
    `<g clip-path="url(#${id})">`,
    `<circle cx="${num(ix)}" cy="${num(iy)}" r="${num(irisR)}" fill="url(#iris)"/>`,
    `<circle cx="${num(ix)}" cy="${num(iy)}" r="${num(irisR)}" fill="none" stroke="#${shade(person.eyeColour, -0.7)}" stroke-width="0.9" opacity="0.8"/>`,
    `<circle cx="${num(ix)}" cy="${num(iy)}" r="${num(irisR * 0.42)}" fill="#0d0907"/>`,
    // The lid's shadow across the top of the eye.
    `<rect x="${num(cx - w)}" y="${num(-open - 2)}" width="${num(w * 2)}" height="${num(open * 0.7)}" fill="#${shade(person.skin, -0.55)}" opacity="0.35"/>`,
    '</g>',
    `<circle cx="${num(ix + light.side * irisR * 0.35)}" cy="${num(iy - irisR * 0.38)}" r="${num(irisR * 0.2)}" fill="#fff" opacity="0.9"/>`,
    `<path d="${crease}" fill="none" stroke="#${shade(person.skin, -0.38)}" stroke-width="1.3" opacity="0.55" stroke-linecap="round"/>`,
    `<path d="${lower}" fill="none" stroke="#${shade(person.skin, -0.35)}" stroke-width="1" opacity="0.5"/>`,
  ];
  // The lash line: a crescent along the upper lid, thin at the inner corner, fuller towards the outer.
  const lash = person.women ? 2.8 : 1.9;
  const lid = smooth(
    [
      inner,
      [cx - s * w * 0.32, -open * 0.78],
      top,
      [cx + s * w * 0.3, -open * 0.75],
      outer,
      [outer[0] + s * lash * 0.9, outer[1] - lash * 0.9],
      [cx + s * w * 0.3, -open * 0.75 - lash],
      [cx - s * w * 0.08, -open * 0.95 - lash * 0.8],
      [cx - s * w * 0.32, -open * 0.78 - lash * 0.4],
    ],
    true,
    0.8,
  );
  parts.push(`<path d="${lid}" fill="#${lashColour}"/>`);
  return parts.join('');
}

function brow(person: Person, ex: Expression, turn: number, s: -1 | 1): string {
  const f = person.features;
  const away = s * turn > 0;
  const k = away ? 1 - Math.abs(turn) * 0.3 : 1;
  const cx = turn * 13 + s * f.eyeSpacing * k;
  const w = f.eyeWidth * k;
  const lift = ex.brows * 3 + (ex.asym > 0 && s > 0 ? ex.asym * 2 : 0);
  // Men's brows sit lower and straighter over the eyes.
  const y0 = -f.eyeHeight - (person.women ? 7 : 4.5) - lift;
  const t = 2.6 * f.browWeight;
  const arch = 2.5 * f.browArch;
  const top: Point[] = [
    [cx - s * w * 0.58, y0 + 1.5 - t],
    [cx - s * w * 0.1, y0 - arch - t * 0.9],
    [cx + s * w * 0.3, y0 - arch - 0.6 - t * 0.6],
    [cx + s * w * 0.66, y0 + 2.8],
  ];
  const under: Point[] = [
    [cx + s * w * 0.3, y0 - arch + 0.4],
    [cx - s * w * 0.1, y0 - arch * 0.7 + 0.6],
    [cx - s * w * 0.58, y0 + 2],
  ];
  // Brows are darker than the hair, but fair and grey brows stay fair.
  const colour = mix(person.hairColour, '1a120e', lightness(person.hairColour) > 0.45 ? 0.2 : 0.35);
  return `<path d="${smooth([...top, ...under])}" fill="#${colour}" opacity="0.92"/>`;
}

function nose(person: Person, turn: number, light: Lighting): string {
  const f = person.features;
  const nx = turn * 17;
  const y = f.noseLength;
  const w = f.noseWidth;
  const dark = shade(person.skin, -0.45);
  return [
    `<ellipse cx="${num(nx + light.side * 1.5)}" cy="${num(y - 3)}" rx="${num(w * 0.38)}" ry="4" fill="url(#soft-light)" opacity="0.8"/>`,
    // Nostrils and the curve of each wing.
    ...([-1, 1] as const).map(
      (s) =>
        `<ellipse cx="${num(nx + s * w * 0.42)}" cy="${num(y + 0.8)}" rx="${num(w * 0.22)}" ry="1.5" fill="#${shade(person.skin, -0.65)}" opacity="0.55" transform="rotate(${s * 14} ${num(nx + s * w * 0.42)} ${num(y + 0.8)})"/>` +
        `<path d="M${num(nx + s * w * 0.55)},${num(y - 6)} Q${num(nx + s * w * 0.95)},${num(y - 1)} ${num(nx + s * w * 0.55)},${num(y + 1.5)}" fill="none" stroke="#${dark}" stroke-width="1.4" opacity="0.45" stroke-linecap="round"/>`,
    ),
  ].join('');
}

function mouth(person: Person, ex: Expression, turn: number): string {
  const f = person.features;
  const mx = turn * 12;
  const y = f.noseLength + 15 + (jawOf(person).length - 70) * 0.3;
  const half = (f.mouthWidth / 2) * (1 + ex.smile * 0.1 + ex.open * 0.06);
  const lipBase = person.lips || shade(mix(person.skin, '9a5a50', 0.25), -0.08);
  const upperLip = shade(lipBase, -0.12);
  const lowerLip = shade(lipBase, 0.06);
  const full = f.lipFullness;
  const lift = (s: number) => ex.smile * 4.2 + (s > 0 ? ex.asym * 2.5 : -ex.asym * 1.2);
  const left: Point = [mx - half, y - lift(-1)];
  const right: Point = [mx + half, y - lift(1)];
  const gap = ex.open * 8;
  const line = (dy: number, sag: number): Point[] => [
    left,
    [mx - half * 0.5, y + dy + sag * 0.8],
    [mx, y + dy + sag],
    [mx + half * 0.5, y + dy + sag * 0.8],
    right,
  ];
  const opening = line(0, ex.smile * 1.5);
  const openingLow = line(gap, ex.smile * 1.5 + gap * 0.4);
  const upperTop: Point[] = [
    [mx + half * 0.6, y - 2.5 * full - lift(1) * 0.4],
    [mx + 4, y - 4.2 * full],
    [mx, y - 3 * full],
    [mx - 4, y - 4.2 * full],
    [mx - half * 0.6, y - 2.5 * full - lift(-1) * 0.4],
  ];
  const lowerBottom: Point[] = [
    [mx + half * 0.55, (openingLow[3]?.[1] ?? y) + 4.5 * full],
    [mx, (openingLow[2]?.[1] ?? y) + 7 * full],
    [mx - half * 0.55, (openingLow[1]?.[1] ?? y) + 4.5 * full],
  ];
  const parts: string[] = [];
  parts.push(`<path d="${smooth([...opening, ...upperTop], true, 0.9)}" fill="#${upperLip}"/>`);
  if (gap > 0.5) {
    const hole = smooth([...opening, ...[...openingLow].reverse()], true, 0.9);
    parts.push(`<clipPath id="mouth-open"><path d="${hole}"/></clipPath>`);
    parts.push(`<path d="${hole}" fill="#3a1a1c"/>`);
    parts.push(
      `<g clip-path="url(#mouth-open)"><path d="${smooth(
        [
          [mx - half * 0.8, y - 3],
          [mx + half * 0.8, y - 3],
          [mx + half * 0.7, y + gap * 0.55 + ex.smile],
          [mx, y + gap * 0.62 + ex.smile * 1.5],
          [mx - half * 0.7, y + gap * 0.55 + ex.smile],
        ],
        true,
        0.6,
      )}" fill="#f2ece3"/><rect x="${num(mx - half)}" y="${num(y - 4)}" width="${num(half * 2)}" height="3" fill="#000" opacity="0.12"/></g>`,
    );
  }
  parts.push(`<path d="${smooth([...openingLow, ...lowerBottom], true, 0.9)}" fill="#${lowerLip}"/>`);
  // Sheen on the lower lip, and the line where the lips meet.
  parts.push(
    `<ellipse cx="${num(mx + 2)}" cy="${num((openingLow[2]?.[1] ?? y) + 3.2 * full)}" rx="${num(half * 0.35)}" ry="1.6" fill="#fff" opacity="${person.women ? 0.3 : 0.15}"/>`,
  );
  parts.push(
    `<path d="${smooth(opening, false)}" fill="none" stroke="#${shade(lipBase, -0.55)}" stroke-width="1.3" opacity="0.8" stroke-linecap="round"/>`,
  );
  return parts.join('');
}

function fullBeard(person: Person, turn: number): string {
  const L = jawOf(person).length;
  const c = shade(person.hairColour, -0.2);
  const mx = turn * 12;
  const y = person.features.noseLength;
  const area = smooth([
    [mx - 52, 4],
    [mx - 36, y + 4],
    [mx - 14, y + 8],
    [mx, y + 7],
    [mx + 14, y + 8],
    [mx + 36, y + 4],
    [mx + 52, 4],
    [mx + 54, 40],
    [mx + 24, L + 8],
    [mx, L + 12],
    [mx - 24, L + 8],
    [mx - 54, 40],
  ]);
  const strokes = Array.from({ length: 16 }, (_, i) => {
    const x = mx - 40 + i * 5.4;
    return `<path d="M${num(x)},${num(y + 14 + Math.abs(i - 7.5) * -1.5 + 12)} l${num((x - mx) * 0.08)},${num(10)}" stroke="#${shade(c, 0.3)}" stroke-width="1.2" opacity="0.35"/>`;
  }).join('');
  return `<path d="${area}" fill="#${c}" opacity="0.92"/>${strokes}`;
}
