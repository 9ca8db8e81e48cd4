import type { Random } from '../random';
import type { Lighting } from './face';
import { type Hex, mix, num, radial } from './paint';

// The places the photos are taken in. Each is drawn on a 960 × 1200 canvas but rasterised at a
// quarter of that and blurred, as a portrait lens throws the background out of focus; the light it
// casts (its side, the colour on the person's edge, the colour grade over the whole photo) comes
// with it, so the person looks lit by the place they stand in.

export const W = 960;
export const H = 1200;

export type Scene = {
  name: string;
  light: Lighting;
  /** Colour laid softly over the finished photo (golden hour warm, blue hour cool), and how much. */
  grade: { colour: Hex; strength: number };
  /** Gaussian blur of the quarter-size backdrop, in its pixels. */
  blur: number;
  draw: (random: Random) => string;
};

const rect = (fill: string, y = 0, h = H) =>
  `<rect x="0" y="${y}" width="${W}" height="${h}" fill="${fill}"/>`;

/** Out-of-focus lights: discs with a soft edge. */
function bokeh(
  random: Random,
  colours: readonly Hex[],
  count: number,
  box: [number, number, number, number],
  size: [number, number],
) {
  const defs = colours
    .map((c, i) =>
      radial(`b${i}`, [
        [0, c, 0.95],
        [0.65, c, 0.7],
        [1, c, 0],
      ]),
    )
    .join('');
  const [x0, y0, x1, y1] = box;
  const discs = Array.from(
    { length: count },
    (_, i) =>
      `<circle cx="${random.int(x0, x1)}" cy="${random.int(y0, y1)}" r="${random.int(...size)}" fill="url(#b${i % colours.length})" opacity="${num(random.float(0.35, 0.9))}"/>`,
  ).join('');
  return { defs, discs };
}

function sky(id: string, stops: readonly [number, Hex][]) {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${stops.map(([o, c]) => `<stop offset="${o}" stop-color="#${c}"/>`).join('')}</linearGradient>`;
}

/** A row of buildings along `base`, with lit windows. */
function skyline(random: Random, base: number, colour: Hex, windows: Hex, tall: [number, number]) {
  let x = -40;
  const out: string[] = [];
  while (x < W + 40) {
    const w = random.int(70, 160);
    const h = random.int(...tall);
    out.push(`<rect x="${x}" y="${base - h}" width="${w}" height="${h + 400}" fill="#${colour}"/>`);
    for (let wy = base - h + 20; wy < base - 10; wy += 34)
      for (let wx = x + 12; wx < x + w - 16; wx += 28)
        if (random.chance(0.45))
          out.push(
            `<rect x="${wx}" y="${wy}" width="12" height="16" fill="#${windows}" opacity="${num(random.float(0.5, 1))}"/>`,
          );
    x += w + random.int(-10, 12);
  }
  return out.join('');
}

export const SCENES: readonly Scene[] = [
  {
    name: 'rooftop bar at dusk',
    light: { side: -1, rim: 'ffb27a' },
    grade: { colour: 'ff9a5c', strength: 0.12 },
    blur: 2.2,
    draw: (random) => {
      const lights = bokeh(random, ['ffd58a', 'ffb86b', 'fff0c9'], 22, [0, 60, W, 420], [14, 34]);
      return `<defs>${sky('s', [
        [0, '2c2f5e'],
        [0.35, '7a5a8e'],
        [0.6, 'f0a07a'],
        [0.72, 'ffd3a0'],
      ])}${lights.defs}</defs>${rect('url(#s)')}
        ${skyline(random, 900, '2a2438', 'ffd38a', [180, 520])}
        <path d="M0,120 Q480,260 960,110" stroke="#4a3a4a" stroke-width="3" fill="none"/>${lights.discs}
        ${rect('#1c1620', 880, 320)}<rect x="0" y="860" width="${W}" height="26" fill="#5b4636"/>`;
    },
  },
  {
    name: 'beach',
    light: { side: 1, rim: 'fff1d6' },
    grade: { colour: 'ffd9a8', strength: 0.1 },
    blur: 1.6,
    draw: (random) => {
      const sun = random.int(560, 860);
      return `<defs>${sky('s', [
        [0, '7fb3d9'],
        [0.55, 'cfe3ee'],
        [0.62, 'f6e9d6'],
      ])}${sky('sea', [
        [0, '3f86a8'],
        [1, '8cc7cf'],
      ])}${sky('sand', [
        [0, 'e8d5b5'],
        [1, 'cdb28c'],
      ])}${radial('sun', [
        [0, 'fffaf0', 1],
        [1, 'fff3d6', 0],
      ])}</defs>${rect('url(#s)')}
        <circle cx="${sun}" cy="340" r="260" fill="url(#sun)" opacity="0.9"/>
        ${rect('url(#sea)', 700, 220)}<path d="M0,780 Q240,760 480,790 T960,770" stroke="#eef7f7" stroke-width="10" fill="none" opacity="0.7"/>
        <path d="M0,900 Q300,860 600,890 T960,870 L960,1200 L0,1200Z" fill="url(#sand)"/>
        <path d="M-40,900 Q200,880 420,910 T960,900" stroke="#f7f2e9" stroke-width="16" fill="none" opacity="0.6"/>`;
    },
  },
  {
    name: 'gallery',
    light: { side: 1, rim: 'fffaf0' },
    grade: { colour: 'f5ead6', strength: 0.06 },
    blur: 1.4,
    draw: (random) => {
      const art = random.sample(['6e1f35', '25557c', 'd4af37', '2f4f4a', 'c76b4a', '1d1d1d', 'e4c2a8'], 4);
      const left = random.int(-160, 60);
      const frame = (x: number, y: number, w: number, h: number, a: string, b: string) =>
        `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#1c1a17"/><rect x="${x + 14}" y="${y + 14}" width="${w - 28}" height="${h - 28}" fill="#${a}"/><circle cx="${x + w * 0.6}" cy="${y + h * 0.45}" r="${w * 0.28}" fill="#${b}" opacity="0.8"/><rect x="${x + 30}" y="${y + h * 0.62}" width="${w * 0.5}" height="${h * 0.12}" fill="#f4efe6" opacity="0.5"/>`;
      return `<defs>${radial(
        'wall',
        [
          [0, 'fbf8f2', 1],
          [0.7, 'e6ddcf', 1],
          [1, 'c9bca8', 1],
        ],
        'cx="0.5" cy="0.2" r="0.9"',
      )}</defs>${rect('url(#wall)')}
        ${frame(left, 170, 380, 470, art[0] ?? '6e1f35', art[1] ?? 'd4af37')}${frame(left + 560, 230, 300, 380, art[2] ?? '25557c', art[3] ?? 'e4c2a8')}
        <rect x="0" y="940" width="${W}" height="260" fill="#9b8163"/><rect x="0" y="930" width="${W}" height="14" fill="#efe8dc"/>`;
    },
  },
  {
    name: 'restaurant',
    light: { side: -1, rim: 'ffc27a' },
    grade: { colour: 'ffb060', strength: 0.14 },
    blur: 2.6,
    draw: (random) => {
      const lights = bokeh(random, ['ffcf7a', 'ff9f4a', 'ffe6b0'], 26, [0, 80, W, 820], [16, 44]);
      return `<defs>${sky('s', [
        [0, '2a1610'],
        [0.6, '4a2716'],
        [1, '1a0e09'],
      ])}${lights.defs}${radial('glow', [
        [0, 'ffb766', 0.6],
        [1, 'ffb766', 0],
      ])}</defs>${rect('url(#s)')}
        <rect x="${random.int(40, 600)}" y="180" width="300" height="420" fill="#5c3520" opacity="0.6"/>
        <circle cx="${random.int(120, 840)}" cy="${random.int(300, 600)}" r="260" fill="url(#glow)"/>${lights.discs}
        ${rect('#2b1a12', 930, 270)}<ellipse cx="${random.int(100, 860)}" cy="960" rx="90" ry="30" fill="#f3ece0" opacity="0.5"/>`;
    },
  },
  {
    name: 'city street',
    light: { side: 1, rim: 'a9c8ff' },
    grade: { colour: '6f8fc7', strength: 0.1 },
    blur: 2,
    draw: (random) => {
      const lights = bokeh(random, ['ffd27a', 'ff8d6b', '9fd0ff', 'ffffff'], 26, [0, 380, W, 980], [10, 30]);
      return `<defs>${sky('s', [
        [0, '30466e'],
        [0.5, '5c77a3'],
        [1, '8aa0c4'],
      ])}${lights.defs}</defs>${rect('url(#s)')}
        <path d="M0,0 L330,380 L330,1000 L0,1200Z" fill="#34384a"/><path d="M960,0 L640,380 L640,1000 L960,1200Z" fill="#2c3040"/>
        ${Array.from({ length: 6 }, (_, i) => `<rect x="${40 + i * 46}" y="${160 + i * 40}" width="26" height="${60 - i * 6}" fill="#ffd79a" opacity="0.7"/><rect x="${880 - i * 46}" y="${180 + i * 40}" width="26" height="${60 - i * 6}" fill="#ffe2b0" opacity="0.6"/>`).join('')}
        <path d="M0,1200 L400,930 L560,930 L960,1200Z" fill="#3d3f4c"/>${lights.discs}`;
    },
  },
  {
    name: 'yacht',
    light: { side: 1, rim: 'fff7e6' },
    grade: { colour: 'bfe3ff', strength: 0.06 },
    blur: 1.5,
    draw: (random) => {
      const y = random.int(600, 700);
      return `<defs>${sky('s', [
        [0, '5b9bd5'],
        [0.7, 'bcd9ee'],
      ])}${sky('sea', [
        [0, '2a6f9a'],
        [1, '17405e'],
      ])}</defs>${rect('url(#s)')}
        <ellipse cx="${random.int(100, 800)}" cy="220" rx="220" ry="50" fill="#fff" opacity="0.6"/>
        ${rect('url(#sea)', y, H - y)}<path d="M0,${y + 40} Q480,${y + 20} 960,${y + 50}" stroke="#dff1fb" stroke-width="6" fill="none" opacity="0.5"/>
        <rect x="0" y="${y + 160}" width="${W}" height="${H}" fill="#f4f1ea"/><rect x="0" y="${y + 120}" width="${W}" height="10" fill="#c8c2b6"/>
        ${Array.from({ length: 7 }, (_, i) => `<rect x="${i * 150 + 20}" y="${y + 120}" width="8" height="60" fill="#c8c2b6"/>`).join('')}
        <path d="M${random.int(700, 900)},0 L${random.int(300, 500)},${y + 120}" stroke="#e6e2da" stroke-width="4"/>
        <rect x="0" y="${y + 240}" width="${W}" height="${H}" fill="#b58b5e"/>`;
    },
  },
  {
    name: 'garden',
    light: { side: -1, rim: 'fff3c4' },
    grade: { colour: 'ffe7a3', strength: 0.08 },
    blur: 2.4,
    draw: (random) => {
      const leaves = bokeh(
        random,
        ['5c8a4e', '8fb870', '2f5a3a', 'c9e0a2'],
        40,
        [-40, 0, W + 40, H],
        [30, 90],
      );
      const flowers = bokeh(random, ['f5b8c8', 'ffffff', 'e7789a'], 14, [0, 500, W, 1150], [10, 24]);
      return `<defs>${sky('s', [
        [0, 'd9ecd0'],
        [0.5, '7fa56a'],
        [1, '2f4d33'],
      ])}${leaves.defs}${flowers.defs.replaceAll('id="b', 'id="f')}</defs>${rect('url(#s)')}${leaves.discs}${flowers.discs.replaceAll('url(#b', 'url(#f')}`;
    },
  },
  {
    name: 'café window',
    light: { side: 1, rim: 'ffffff' },
    grade: { colour: 'f3e6d3', strength: 0.05 },
    blur: 1.8,
    draw: (random) => {
      const x = random.int(380, 620);
      return `<defs>${sky('s', [
        [0, 'cbbfae'],
        [1, '8d7a66'],
      ])}${sky('win', [
        [0, 'f7fbff'],
        [1, 'd8e6ee'],
      ])}</defs>${rect('url(#s)')}
        <rect x="${x}" y="80" width="${W - x + 40}" height="760" fill="url(#win)"/>
        <rect x="${x + 170}" y="80" width="16" height="760" fill="#6b5a48"/><rect x="${x}" y="440" width="${W}" height="14" fill="#6b5a48"/>
        <ellipse cx="${x + 320}" cy="600" rx="140" ry="120" fill="#7ea36b" opacity="0.7"/>
        <rect x="0" y="160" width="${x - 40}" height="20" fill="#5a4634"/>${Array.from({ length: 8 }, (_, i) => `<rect x="${20 + i * ((x - 80) / 8)}" y="${100 + (i % 3) * 8}" width="${(x - 120) / 8}" height="${60 - (i % 3) * 8}" fill="#${mix('a0563a', '3b5670', (i % 4) / 3)}"/>`).join('')}
        ${rect('#4a3a2c', 900, 300)}`;
    },
  },
  {
    name: 'vineyard at golden hour',
    light: { side: -1, rim: 'ffc872' },
    grade: { colour: 'ffb35a', strength: 0.13 },
    blur: 1.8,
    draw: (random) => {
      const hill = random.int(560, 660);
      return `<defs>${sky('s', [
        [0, 'f2c17c'],
        [0.5, 'f7dca8'],
        [0.62, 'fbe9c6'],
      ])}${radial('sun', [
        [0, 'fff6dc', 1],
        [1, 'ffe2a6', 0],
      ])}</defs>${rect('url(#s)')}
        <circle cx="${random.int(60, 300)}" cy="${hill - 40}" r="220" fill="url(#sun)"/>
        <path d="M0,${hill} Q300,${hill - 80} 620,${hill - 20} T960,${hill - 40} L960,1200 L0,1200Z" fill="#9a9a5a"/>
        <path d="M0,${hill + 80} Q400,${hill + 30} 960,${hill + 90} L960,1200 L0,1200Z" fill="#6f7a3e"/>
        ${Array.from({ length: 9 }, (_, i) => `<path d="M${-200 + i * 160},1200 L${380 + i * 30},${hill + 90}" stroke="#4d5a2a" stroke-width="${26 - i}" opacity="0.8"/>`).join('')}`;
    },
  },
];
