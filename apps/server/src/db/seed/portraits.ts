import sharp from 'sharp';

// Demo photos are drawn, not downloaded: an SVG in the royal palette (deep purple, gold, ivory) with a
// soft abstract bust and the member's initial, rasterised by sharp and then sent through the same
// upload pipeline as a real photo. No real person is depicted.

// Drawn on a 720×900 (4:5) canvas and rasterised at 480×600: enough for these soft shapes on a card,
// and it keeps the seed fast (rendering and encoding ~170 pictures is most of its run time).
const WIDTH = 720;
const HEIGHT = 900;
const OUTPUT_WIDTH = 480;
const OUTPUT_HEIGHT = 600;

const PURPLE_DEEP = '#2a0845';
const PURPLE = '#4b1d6b';
const GOLD = '#d4af37';
const IVORY = '#fbf6ea';

export type PortraitSpec = {
  initial: string;
  /** Degrees added to the purple hues, so each member has their own colour. Keep within ±40. */
  hueShift: number;
  /** Which of the compositions to draw; photos of one member use different ones. */
  variant: number;
  /** Longer hair shape behind the head. */
  longHair: boolean;
};

function hexToHsl(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => v / 255) as [
    number,
    number,
    number,
  ];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [h * 60, s, l];
}

function hslToHex(h: number, s: number, l: number): string {
  const hue = ((h % 360) + 360) % 360;
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    const v = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(v * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

function shift(hex: string, degrees: number, lighten = 0): string {
  const [h, s, l] = hexToHsl(hex);
  return hslToHex(h + degrees, s, Math.min(1, Math.max(0, l + lighten)));
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );

/** A bust: top of the head at (cx, cy), scaled by s; the shoulders always run off the bottom edge. */
function bust(cx: number, cy: number, s: number, longHair: boolean): string {
  const p = (dx: number, dy: number) => `${(cx + dx * s).toFixed(1)} ${(cy + dy * s).toFixed(1)}`;
  const bottom = (HEIGHT + 20 - cy) / s;
  // Head: rounded crown, narrowing to a soft chin.
  const head = `<path d="M ${p(0, 0)} C ${p(62, 0)} ${p(94, 52)} ${p(92, 118)} C ${p(90, 178)} ${p(52, 228)} ${p(0, 232)} C ${p(-52, 228)} ${p(-90, 178)} ${p(-92, 118)} C ${p(-94, 52)} ${p(-62, 0)} ${p(0, 0)} Z" />`;
  const neck = `<path d="M ${p(-32, 200)} L ${p(32, 200)} C ${p(34, 250)} ${p(40, 270)} ${p(60, 284)} L ${p(-60, 284)} C ${p(-40, 270)} ${p(-34, 250)} ${p(-32, 200)} Z" />`;
  const shoulders = `<path d="M ${p(-285, bottom)} L ${p(-262, 430)} C ${p(-250, 340)} ${p(-170, 292)} ${p(-48, 280)} L ${p(48, 280)} C ${p(170, 292)} ${p(250, 340)} ${p(262, 430)} L ${p(285, bottom)} Z" />`;
  const hair = longHair
    ? `<path opacity="0.5" d="M ${p(-120, 340)} C ${p(-160, 150)} ${p(-120, -22)} ${p(0, -22)} C ${p(120, -22)} ${p(160, 150)} ${p(120, 340)} C ${p(60, 310)} ${p(-60, 310)} ${p(-120, 340)} Z" />`
    : `<path opacity="0.5" d="M ${p(-99, 110)} C ${p(-104, 18)} ${p(-52, -14)} ${p(0, -14)} C ${p(52, -14)} ${p(104, 18)} ${p(99, 110)} C ${p(60, 60)} ${p(-60, 60)} ${p(-99, 110)} Z" />`;
  return `${hair}${neck}${shoulders}${head}`;
}

/** The SVG source of one demo portrait (exported for tests and for tweaking the look). */
export function portraitSvg(spec: PortraitSpec): string {
  const deep = shift(PURPLE_DEEP, spec.hueShift);
  const mid = shift(PURPLE, spec.hueShift);
  const dark = shift(PURPLE_DEEP, spec.hueShift, -0.08);
  const v = ((spec.variant % 4) + 4) % 4;
  // Each composition moves the light, the figure and the initial.
  const layout = [
    { glow: [0.5, 0.3], fig: [360, 150, 1], angle: [0, 0, 0.3, 1], initial: [600, 150, 120] },
    { glow: [0.22, 0.18], fig: [430, 210, 0.92], angle: [1, 0, 0, 1], initial: [150, 820, 130] },
    { glow: [0.75, 0.22], fig: [300, 300, 0.75], angle: [0, 0, 1, 1], initial: [560, 240, 120] },
    { glow: [0.5, 0.55], fig: [360, 40, 1.45], angle: [0, 1, 0.2, 0], initial: [600, 150, 110] },
  ][v] as {
    glow: [number, number];
    fig: [number, number, number];
    angle: [number, number, number, number];
    initial: [number, number, number];
  };
  const [gx, gy] = layout.glow;
  const [fx, fy, fs] = layout.fig;
  const [x1, y1, x2, y2] = layout.angle;
  const [ix, iy, isize] = layout.initial;
  const rings = [0, 1, 2]
    .map((i) => `<circle cx="${gx * WIDTH}" cy="${gy * HEIGHT}" r="${150 + i * 95 + v * 12}" />`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${OUTPUT_WIDTH}" height="${OUTPUT_HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <linearGradient id="bg" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">
      <stop offset="0" stop-color="${mid}" />
      <stop offset="0.55" stop-color="${deep}" />
      <stop offset="1" stop-color="${dark}" />
    </linearGradient>
    <radialGradient id="glow" cx="${gx}" cy="${gy}" r="0.62">
      <stop offset="0" stop-color="${GOLD}" stop-opacity="0.55" />
      <stop offset="0.45" stop-color="${GOLD}" stop-opacity="0.12" />
      <stop offset="1" stop-color="${GOLD}" stop-opacity="0" />
    </radialGradient>
    <linearGradient id="figure" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${IVORY}" stop-opacity="0.78" />
      <stop offset="0.6" stop-color="${GOLD}" stop-opacity="0.45" />
      <stop offset="1" stop-color="${GOLD}" stop-opacity="0.15" />
    </linearGradient>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)" />
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#glow)" />
  <g fill="none" stroke="${GOLD}" stroke-opacity="0.18" stroke-width="2">${rings}</g>
  <g fill="url(#figure)">${bust(fx, fy, fs, spec.longHair)}</g>
  <text x="${ix}" y="${iy}" text-anchor="middle" font-family="DejaVu Serif, Georgia, serif" font-size="${isize}" fill="${GOLD}" fill-opacity="0.92" letter-spacing="4">${escapeXml(spec.initial)}</text>
</svg>`;
}

/** Rasterises a portrait to PNG, ready for processImage like any upload. */
export function renderPortrait(spec: PortraitSpec): Promise<Buffer> {
  // Opaque RGB: the drawing has no transparency, and encoding an alpha channel would only cost time.
  return sharp(Buffer.from(portraitSvg(spec)))
    .removeAlpha()
    .png({ compressionLevel: 1 })
    .toBuffer();
}
