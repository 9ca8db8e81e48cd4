import { createRandom, type Random } from '../random';
import type { Lighting } from './face';
import { type Hex, lightness, linear, num, type Point, radial, shade, smooth } from './paint';
import type { Hairstyle, Person } from './person';

// Hair in head units (see face.ts). Most styles are "panels": a lock of hair between an outer and an
// inner edge, both running root to tip with the same number of points. The panel's fill is the lock;
// lines between the two edges are its strands, which is what makes hair read as hair at card size.
// Curls and afros are clouds of small lit discs instead.

type Panel = {
  outer: Point[];
  inner: Point[];
  /** Strands to paint along it. */
  strands?: number;
  /** Strands run across the panel (short hair) rather than along it (long hair). */
  across?: boolean;
};

type Style = {
  /** Drawn before the neck and body: hair that falls behind the shoulders, the back of a bob. */
  back?: (r: Random) => Panel[];
  /** Drawn over the face: the hairline, the parting, locks framing the face. */
  front: (r: Random) => Panel[];
  /** Clouds of curls drawn over the back panels (back) or along the hairline (front). */
  curls?: { back?: CurlCloud; front?: CurlCloud };
  /** A bun on the crown. */
  bun?: boolean;
};

type CurlCloud = {
  cx: number;
  cy: number;
  rx: number;
  ry: number;
  count: number;
  size: number;
  below?: number;
};

const P = (x: number, y: number): Point => [x, y];
/** The same panel on the other side of the face. */
const flip = (p: Panel): Panel => ({
  outer: p.outer.map(([x, y]) => P(-x, y)),
  inner: p.inner.map(([x, y]) => P(-x, y)),
  strands: p.strands,
  across: p.across,
});

/** A close cap for short styles: the silhouette over the skull and the hairline under it. */
function cap(opts: {
  top: number;
  side: number;
  hairline: number;
  temple: number;
  sideburn: number;
}): Panel[] {
  const { top, side, hairline, temple, sideburn } = opts;
  const right: Panel = {
    outer: [
      P(0, top),
      P(side * 0.62, top + 8),
      P(side * 0.95, top + 32),
      P(side, -30),
      P(side - 2, sideburn),
    ],
    inner: [P(0, hairline), P(22, hairline - 1), P(40, hairline + 6), P(temple, -34), P(50, sideburn)],
    strands: 6,
    across: true,
  };
  return [right, flip(right)];
}

/** Hair falling straight behind the shoulders (shared by the long straight styles). */
const STYLES_LONG_BACK = (): Panel[] => [
  {
    outer: [P(0, -110), P(60, -86), P(70, -20), P(74, 80), P(78, 170), P(78, 260)],
    inner: [P(0, -60), P(20, -40), P(30, 40), P(40, 120), P(44, 200), P(44, 260)],
  },
  {
    outer: [P(0, -110), P(-60, -86), P(-70, -20), P(-74, 80), P(-78, 170), P(-78, 260)],
    inner: [P(0, -60), P(-20, -40), P(-30, 40), P(-40, 120), P(-44, 200), P(-44, 260)],
  },
];

const STYLES: Record<Hairstyle, Style> = {
  longWaves: {
    back: () => [
      {
        outer: [P(0, -112), P(62, -70), P(76, -20), P(82, 70), P(96, 160), P(88, 250)],
        inner: [P(0, -60), P(20, -40), P(30, 40), P(40, 120), P(46, 200), P(50, 250)],
      },
      {
        outer: [P(0, -112), P(-62, -70), P(-78, -20), P(-86, 70), P(-98, 160), P(-90, 250)],
        inner: [P(0, -60), P(-20, -40), P(-30, 40), P(-40, 120), P(-46, 200), P(-50, 250)],
      },
    ],
    front: () => [
      {
        outer: [P(12, -108), P(-34, -104), P(-62, -62), P(-66, 0), P(-70, 70), P(-84, 140), P(-76, 196)],
        inner: [P(12, -70), P(-16, -58), P(-40, -48), P(-47, 0), P(-50, 60), P(-58, 130), P(-66, 196)],
        strands: 10,
      },
      {
        outer: [P(12, -108), P(42, -94), P(62, -64), P(66, 0), P(70, 60), P(82, 130), P(76, 190)],
        inner: [P(12, -70), P(34, -62), P(46, -50), P(49, 0), P(50, 50), P(58, 120), P(64, 190)],
        strands: 8,
      },
    ],
  },
  longStraight: {
    back: STYLES_LONG_BACK,
    front: () => {
      const right: Panel = {
        outer: [P(0, -108), P(40, -104), P(60, -66), P(64, 0), P(66, 80), P(68, 150), P(66, 215)],
        inner: [P(0, -72), P(26, -64), P(44, -52), P(48, 0), P(52, 70), P(56, 150), P(56, 215)],
        strands: 9,
      };
      return [right, flip(right)];
    },
  },
  sideSwept: {
    back: () => [
      {
        outer: [P(0, -110), P(-60, -70), P(-72, -20), P(-80, 60), P(-92, 150), P(-86, 220)],
        inner: [P(0, -60), P(-20, -40), P(-30, 40), P(-40, 120), P(-46, 180), P(-50, 220)],
      },
    ],
    front: () => [
      {
        // Swept across the forehead and over the left shoulder.
        outer: [P(30, -108), P(-20, -108), P(-58, -56), P(-66, -10), P(-72, 60), P(-86, 130), P(-80, 210)],
        inner: [P(30, -70), P(-4, -56), P(-34, -50), P(-47, -4), P(-52, 60), P(-60, 130), P(-66, 210)],
        strands: 11,
      },
      {
        // Tucked behind the right ear.
        outer: [P(30, -108), P(50, -76), P(60, -64), P(58, -30), P(54, -6)],
        inner: [P(30, -72), P(40, -64), P(47, -56), P(50, -34), P(52, -8)],
        strands: 4,
      },
    ],
  },
  bob: {
    back: () => [
      {
        outer: [P(0, -112), P(64, -72), P(72, -20), P(72, 40), P(62, 62)],
        inner: [P(0, -60), P(30, -40), P(40, 0), P(40, 40), P(40, 60)],
      },
      {
        outer: [P(0, -112), P(-64, -72), P(-72, -20), P(-72, 40), P(-62, 62)],
        inner: [P(0, -60), P(-30, -40), P(-40, 0), P(-40, 40), P(-40, 60)],
      },
    ],
    front: () => {
      const right: Panel = {
        outer: [P(-4, -110), P(44, -104), P(66, -62), P(70, 0), P(68, 46), P(54, 66)],
        inner: [P(-4, -72), P(28, -64), P(45, -54), P(49, -4), P(48, 40), P(44, 62)],
        strands: 8,
      };
      // A soft fringe from the left, to just above the brows.
      const fringe: Panel = {
        outer: [P(-4, -110), P(-40, -94), P(-62, -62), P(-70, 0), P(-68, 46), P(-54, 66)],
        inner: [P(-4, -72), P(-14, -38), P(-38, -34), P(-49, -4), P(-48, 40), P(-44, 62)],
        strands: 9,
      };
      return [right, fringe];
    },
  },
  lob: {
    back: () => [
      {
        outer: [P(0, -112), P(66, -72), P(76, -20), P(82, 60), P(80, 110)],
        inner: [P(0, -60), P(30, -40), P(40, 0), P(44, 60), P(46, 110)],
      },
      {
        outer: [P(0, -112), P(-66, -72), P(-76, -20), P(-82, 60), P(-80, 110)],
        inner: [P(0, -60), P(-30, -40), P(-40, 0), P(-44, 60), P(-46, 110)],
      },
    ],
    front: () => {
      const right: Panel = {
        outer: [P(-14, -110), P(36, -106), P(64, -64), P(68, 0), P(76, 60), P(74, 112)],
        inner: [P(-14, -72), P(20, -62), P(44, -52), P(48, -2), P(54, 56), P(58, 112)],
        strands: 9,
      };
      const left: Panel = {
        outer: [P(-14, -110), P(-46, -76), P(-64, -60), P(-68, 0), P(-76, 60), P(-72, 112)],
        inner: [P(-14, -72), P(-30, -58), P(-44, -48), P(-48, -2), P(-54, 56), P(-58, 112)],
        strands: 7,
      };
      return [right, left];
    },
  },
  pixie: {
    front: () => [
      {
        outer: [P(-40, -106), P(0, -108), P(40, -108), P(58, -60), P(58, -36), P(52, -10)],
        inner: [P(-40, -56), P(-10, -56), P(24, -62), P(44, -54), P(50, -30), P(50, -8)],
        strands: 8,
      },
      {
        outer: [P(-40, -106), P(-56, -66), P(-60, -44), P(-54, -10)],
        inner: [P(-40, -56), P(-48, -56), P(-50, -36), P(-50, -10)],
        strands: 4,
      },
    ],
  },
  bun: {
    bun: true,
    front: () => cap({ top: -100, side: 56, hairline: -66, temple: 47, sideburn: -8 }),
  },
  ponytail: {
    back: () => [
      {
        // The tail, falling behind the right shoulder.
        outer: [P(30, -104), P(70, -56), P(86, 0), P(92, 90), P(84, 170)],
        inner: [P(20, -66), P(50, -40), P(60, 20), P(62, 100), P(66, 170)],
      },
    ],
    front: () => cap({ top: -102, side: 57, hairline: -64, temple: 47, sideburn: 0 }),
  },
  curls: {
    front: () => [],
    curls: {
      back: { cx: 0, cy: -12, rx: 86, ry: 112, count: 260, size: 6 },
      front: { cx: 0, cy: -84, rx: 56, ry: 22, count: 60, size: 5.5, below: -62 },
    },
  },
  afro: {
    back: () => [
      {
        outer: [P(0, -150), P(86, -128), P(112, -50), P(100, 20), P(70, 50)],
        inner: [P(0, -60), P(30, -50), P(46, -20), P(46, 10), P(40, 40)],
      },
      {
        outer: [P(0, -150), P(-86, -128), P(-112, -50), P(-100, 20), P(-70, 50)],
        inner: [P(0, -60), P(-30, -50), P(-46, -20), P(-46, 10), P(-40, 40)],
      },
    ],
    front: () => cap({ top: -110, side: 60, hairline: -62, temple: 48, sideburn: -4 }),
    curls: {
      back: { cx: 0, cy: -50, rx: 100, ry: 88, count: 240, size: 5 },
      front: { cx: 0, cy: -90, rx: 54, ry: 22, count: 50, size: 4.5, below: -62 },
    },
  },
  longLayered: {
    // Long, layered to flare out below the shoulders.
    back: STYLES_LONG_BACK,
    front: () => {
      const right: Panel = {
        outer: [P(-8, -108), P(40, -102), P(62, -66), P(68, 0), P(76, 70), P(90, 140), P(96, 200)],
        inner: [P(-8, -72), P(22, -66), P(45, -52), P(49, 0), P(56, 70), P(66, 140), P(76, 206)],
        strands: 11,
      };
      const left: Panel = {
        outer: [P(-8, -108), P(-44, -98), P(-62, -66), P(-68, 0), P(-76, 70), P(-90, 140), P(-96, 200)],
        inner: [P(-8, -72), P(-30, -66), P(-45, -52), P(-49, 0), P(-56, 70), P(-66, 140), P(-76, 206)],
        strands: 11,
      };
      return [right, left];
    },
  },
  crop: { front: () => cap({ top: -104, side: 55, hairline: -62, temple: 46, sideburn: 6 }) },
  sidePart: {
    front: () => [
      {
        outer: [P(-22, -108), P(20, -112), P(50, -96), P(58, -62), P(56, -30), P(54, 4)],
        inner: [P(-22, -90), P(4, -76), P(34, -66), P(46, -52), P(50, -30), P(50, 4)],
        strands: 9,
      },
      {
        outer: [P(-22, -108), P(-48, -94), P(-57, -60), P(-55, 4)],
        inner: [P(-22, -90), P(-40, -64), P(-46, -40), P(-50, 4)],
        strands: 4,
      },
    ],
  },
  quiff: {
    front: () => [
      {
        outer: [P(-46, -96), P(-20, -122), P(24, -124), P(52, -100), P(58, -60), P(54, 4)],
        inner: [P(-46, -70), P(-18, -68), P(20, -66), P(44, -56), P(50, -30), P(50, 4)],
        strands: 9,
      },
      {
        outer: [P(-46, -96), P(-57, -60), P(-55, 4)],
        inner: [P(-46, -70), P(-47, -40), P(-50, 4)],
        strands: 3,
      },
    ],
  },
  buzz: { front: () => cap({ top: -94, side: 52, hairline: -60, temple: 47, sideburn: 2 }) },
  slickBack: { front: () => cap({ top: -108, side: 55, hairline: -64, temple: 46, sideburn: 4 }) },
  waves: { front: () => cap({ top: -98, side: 53, hairline: -62, temple: 46, sideburn: 8 }) },
  shaved: { front: () => [] },
  textured: {
    front: () => [
      {
        outer: [P(-56, -60), P(-40, -104), P(10, -114), P(50, -96), P(58, -56), P(54, 2)],
        inner: [P(-48, -52), P(-30, -58), P(6, -52), P(40, -58), P(50, -36), P(50, 2)],
        strands: 10,
      },
      {
        outer: [P(-56, -60), P(-57, -30), P(-55, 2)],
        inner: [P(-48, -52), P(-48, -30), P(-50, 2)],
        strands: 2,
      },
    ],
  },
  curlyTop: {
    front: () => cap({ top: -96, side: 54, hairline: -62, temple: 46, sideburn: 2 }),
    curls: { front: { cx: 0, cy: -90, rx: 50, ry: 18, count: 70, size: 4.5, below: -64 } },
  },
  topKnot: {
    // Longer hair pulled back into a knot on the crown.
    bun: true,
    front: () => cap({ top: -104, side: 56, hairline: -63, temple: 46, sideburn: 4 }),
  },
  fringe: {
    front: () => [
      {
        outer: [P(-56, -50), P(-44, -98), P(0, -110), P(44, -98), P(57, -50), P(54, 2)],
        inner: [P(-48, -44), P(-34, -50), P(0, -48), P(34, -52), P(48, -34), P(50, 2)],
        strands: 10,
      },
      {
        outer: [P(-56, -50), P(-55, 2)],
        inner: [P(-48, -44), P(-50, 2)],
        strands: 1,
      },
    ],
  },
};

export function hairDefs(person: Person, light: Lighting): string {
  const c = person.hairColour;
  return [
    linear('hair', light.side > 0 ? [1, 0, 0, 0.6] : [0, 0, 1, 0.6], [
      [0, shade(c, lightness(c) > 0.4 ? 0.2 : 0.32), 1],
      [0.5, c, 1],
      [1, shade(c, -0.35), 1],
    ]),
    linear(
      'hair-back',
      [0, 0, 0, 1],
      [
        [0, shade(c, -0.25), 1],
        [1, shade(c, -0.4), 1],
      ],
    ),
    radial('sheen', [
      [0, shade(c, 0.55), 0.55],
      [1, shade(c, 0.55), 0],
    ]),
    radial(
      'curl',
      [
        [0, shade(c, 0.16), 1],
        [0.55, c, 1],
        [1, shade(c, -0.45), 1],
      ],
      `cx="${light.side > 0 ? 0.62 : 0.38}" cy="0.35" r="0.7"`,
    ),
  ].join('');
}

const panelPath = (p: Panel) => smooth([...p.outer, ...[...p.inner].reverse()]);

function strandLines(p: Panel, colour: Hex, random: Random, width: number, opacity: number): string {
  if (p.across) return acrossLines(p, colour, random, width, opacity);
  const count = p.strands ?? 6;
  return Array.from({ length: count }, (_, i) => {
    const t = (i + 0.5 + random.float(-0.3, 0.3)) / count;
    const pts = p.outer.map((o, k) => {
      const n = p.inner[k] ?? o;
      const jitter = k === 0 ? 0 : random.float(-1.5, 1.5);
      return P(o[0] + (n[0] - o[0]) * t + jitter, o[1] + (n[1] - o[1]) * t);
    });
    return `<path d="${smooth(pts, false)}" fill="none" stroke="#${colour}" stroke-width="${num(width * random.float(0.6, 1.3))}" opacity="${num(opacity)}" stroke-linecap="round"/>`;
  }).join('');
}

/** Short strands from the silhouette down to the hairline, as short hair combed forward reads. */
function acrossLines(p: Panel, colour: Hex, random: Random, width: number, opacity: number): string {
  const count = (p.strands ?? 6) * 3;
  const along = (edge: Point[], t: number): Point => {
    const at = t * (edge.length - 1);
    const k = Math.min(edge.length - 2, Math.floor(at));
    const [a, b] = [edge[k] as Point, edge[k + 1] as Point];
    return P(a[0] + (b[0] - a[0]) * (at - k), a[1] + (b[1] - a[1]) * (at - k));
  };
  return Array.from({ length: count }, (_, i) => {
    const t = (i + random.float(0, 1)) / count;
    const from = along(p.outer, t);
    const to = along(p.inner, Math.min(1, Math.max(0, t + random.float(-0.03, 0.03))));
    const mid = P((from[0] + to[0]) / 2 + random.float(-2, 2), (from[1] + to[1]) / 2);
    return `<path d="${smooth([from, mid, to], false)}" fill="none" stroke="#${colour}" stroke-width="${num(width * random.float(0.6, 1.2))}" opacity="${num(opacity)}" stroke-linecap="round"/>`;
  }).join('');
}

/**
 * Curly hair: one mass with a bumpy edge (small discs of the same colour along its outline), and the
 * curls themselves as short lit and shaded arcs over it, which is how a painter suggests a head of
 * curls without drawing each one.
 */
function curlCloud(cloud: CurlCloud, random: Random, colour: Hex): string {
  const out: string[] = [];
  const inside = (y: number) => cloud.below === undefined || y <= cloud.below + 6;
  if (cloud.below === undefined)
    out.push(
      `<ellipse cx="${cloud.cx}" cy="${cloud.cy}" rx="${cloud.rx}" ry="${cloud.ry}" fill="url(#hair)"/>`,
    );
  const edge = Math.round(cloud.count / 5);
  for (let i = 0; i < edge; i++) {
    const a = (i / edge) * Math.PI * 2 + random.float(-0.05, 0.05);
    const x = cloud.cx + Math.cos(a) * cloud.rx;
    const y = cloud.cy + Math.sin(a) * cloud.ry;
    if (inside(y))
      out.push(
        `<circle cx="${num(x)}" cy="${num(y)}" r="${num(cloud.size * random.float(1, 1.6))}" fill="url(#hair)"/>`,
      );
  }
  if (cloud.below !== undefined)
    out.push(
      `<ellipse cx="${cloud.cx}" cy="${cloud.cy}" rx="${cloud.rx}" ry="${cloud.ry}" fill="url(#hair)"/>`,
    );
  const lit = shade(colour, 0.32);
  const deep = shade(colour, -0.5);
  for (let i = 0; i < cloud.count; i++) {
    const a = random.float(0, Math.PI * 2);
    const d = Math.sqrt(random.next()) * 1.05;
    const x = cloud.cx + Math.cos(a) * cloud.rx * d;
    const y = cloud.cy + Math.sin(a) * cloud.ry * d;
    if (!inside(y)) continue;
    const r = cloud.size * random.float(0.6, 1.1);
    const t = random.float(0, Math.PI * 2);
    const end = t + random.float(2.2, 3.6);
    const arc = `M${num(x + r * Math.cos(t))},${num(y + r * Math.sin(t))} A${num(r)},${num(r)} 0 0 1 ${num(x + r * Math.cos(end))},${num(y + r * Math.sin(end))}`;
    out.push(
      `<path d="${arc}" fill="none" stroke="#${i % 3 === 0 ? lit : deep}" stroke-width="${num(cloud.size * 0.32)}" opacity="${i % 3 === 0 ? 0.55 : 0.4}" stroke-linecap="round"/>`,
    );
  }
  return out.join('');
}

/** Hair is drawn with the head (its own generator, so it is the same hair in every photo). */
const hairRandom = (person: Person) => createRandom(person.detailSeed ^ 0x5f3759df);

/** Hair behind the head and shoulders. */
export function drawHairBack(person: Person, turn: number): string {
  const style = STYLES[person.hair];
  const random = hairRandom(person);
  const parts: string[] = [];
  for (const panel of style.back?.(random) ?? []) {
    parts.push(`<path d="${panelPath(panel)}" fill="url(#hair-back)"/>`);
    parts.push(strandLines(panel, shade(person.hairColour, -0.5), random, 2, 0.35));
    parts.push(strandLines(panel, shade(person.hairColour, 0.15), random, 1.6, 0.3));
  }
  if (style.curls?.back) parts.push(curlCloud(style.curls.back, random, person.hairColour));
  if (style.bun) {
    parts.push(`<circle cx="${num(turn * 4)}" cy="-104" r="28" fill="url(#curl)"/>`);
    parts.push(
      `<path d="M${num(turn * 4 - 22)},-110 Q${num(turn * 4)},-128 ${num(turn * 4 + 22)},-108" fill="none" stroke="#${shade(person.hairColour, 0.3)}" stroke-width="2" opacity="0.5"/>`,
    );
  }
  return `<g transform="translate(${num(turn * 6)} 0)">${parts.join('')}</g>`;
}

/** Hair over the forehead and framing the face, with its strands and sheen. */
export function drawHairFront(person: Person, turn: number, light: Lighting): string {
  const style = STYLES[person.hair];
  const random = hairRandom(person);
  // Advance past the back's draws so the front's strands do not mirror the back's.
  for (let i = 0; i < 200; i++) random.next();
  const c = person.hairColour;
  const parts: string[] = [];
  if (person.hair === 'shaved') {
    // A close-shaved head: only the light on the crown.
    parts.push(
      `<ellipse cx="${light.side * 16}" cy="-76" rx="22" ry="10" fill="url(#sheen)" opacity="0.7"/>`,
    );
    return `<g transform="translate(${num(turn * 4)} 0)">${parts.join('')}</g>`;
  }
  const thin = person.hair === 'buzz' || person.hair === 'waves';
  for (const panel of style.front(random)) {
    parts.push(`<path d="${panelPath(panel)}" fill="url(#hair)" ${thin ? 'opacity="0.92"' : ''}/>`);
    parts.push(strandLines(panel, shade(c, -0.45), random, thin ? 1 : 1.8, thin ? 0.25 : 0.4));
    parts.push(strandLines(panel, shade(c, 0.35), random, thin ? 0.8 : 1.3, thin ? 0.2 : 0.35));
  }
  if (style.curls?.front) parts.push(curlCloud(style.curls.front, random, person.hairColour));
  // The sheen where the light catches the crown.
  if (person.hair !== 'buzz')
    parts.push(
      `<ellipse cx="${light.side * 20}" cy="-90" rx="26" ry="9" fill="url(#sheen)" transform="rotate(${light.side * 18} ${light.side * 20} -90)"/>`,
    );
  if (person.hair === 'waves')
    for (let i = 0; i < 5; i++)
      parts.push(
        `<path d="M-44,${-70 - i * 6} Q-22,${-78 - i * 6} 0,${-72 - i * 6} T44,${-70 - i * 6}" fill="none" stroke="#${shade(c, 0.3)}" stroke-width="1.6" opacity="0.35"/>`,
      );
  return `<g transform="translate(${num(turn * 5)} 0)">${parts.join('')}</g>`;
}
