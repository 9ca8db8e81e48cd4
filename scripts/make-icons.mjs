// node scripts/make-icons.mjs: the installed app's icons (issue 40), drawn from the two faces' SVGs
// and written into apps/web/public/icons/ (the PNGs are committed; run again after changing a face).
// - royal: the crown of apps/web/public/favicon.svg on its purple tile;
// - neutral: the plain ring of apps/web/public/icons/neutral.svg (the discreet "Circle" face).
// Each face gets 192 and 512 px icons (purpose "any": the tile with its rounded corners), a 512 px
// maskable icon (the background to every edge, the mark inside the central 80 % circle that every
// platform's mask keeps), a 180 px apple-touch-icon (square: iOS rounds it) and a 96 px monochrome
// badge (white on transparent: Android draws the status-bar badge from its alpha alone).
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';

const PUBLIC = join(import.meta.dirname, '..', 'apps', 'web', 'public');
const OUT = join(PUBLIC, 'icons');
/** Both faces are drawn on a 64-unit grid. */
const GRID = 64;

/** The favicon's pieces: its gradients, its tile's fill, and the crown drawn over the tile. */
async function royalParts() {
  const svg = await readFile(join(PUBLIC, 'favicon.svg'), 'utf8');
  const defs = svg.match(/<defs>[\s\S]*?<\/defs>/)?.[0];
  const tile = svg.match(/<rect width="64" height="64"[^>]*\/>/)?.[0];
  const crown = tile && svg.slice(svg.indexOf(tile) + tile.length, svg.lastIndexOf('</svg>')).trim();
  if (!defs || !tile || !crown) throw new Error('favicon.svg no longer has <defs>, a 64×64 tile and a crown');
  return { defs, crown };
}

/** The crown's extent on the grid (its dots included), for centring and scaling it. */
const CROWN_BOX = { x: 6, y: 8.6, width: 52, height: 43.4 };
/** The ring's extent (radius 14 plus half its 6-unit stroke). */
const RING_BOX = { x: 15, y: 15, width: 34, height: 34 };

/** `content` (drawn in `box`) scaled so that the box's diagonal spans `share` of the grid, centred. */
function centred(content, box, share) {
  const scale = (share * GRID) / Math.hypot(box.width, box.height);
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  return `<g transform="translate(32 32) scale(${scale.toFixed(4)}) translate(${-cx} ${-cy})">${content}</g>`;
}

const svgOf = (body) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${GRID} ${GRID}">${body}</svg>`;

async function writePng(svg, size, file) {
  // Rendered at the icon's own size (not scaled from a small bitmap), so edges stay sharp.
  await sharp(Buffer.from(svg), { density: (72 * size) / GRID })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: false })
    .toFile(join(OUT, file));
  process.stdout.write(`wrote apps/web/public/icons/${file}\n`);
}

const { defs, crown } = await royalParts();
const royalTile = await readFile(join(PUBLIC, 'favicon.svg'), 'utf8');
const royalBleed = `${defs}<rect width="64" height="64" fill="url(#bg)"/>`;
// The badge: the crown's outline shapes in white, without the gem (a hole the size of a pixel).
const crownShapes = crown
  .replace(/<circle cx="32" cy="34"[^>]*\/>/, '')
  .replace(/fill="[^"]*"/g, 'fill="#fff"')
  .replace(/ stroke="[^"]*"| stroke-width="[^"]*"| stroke-linejoin="[^"]*"/g, '');

const neutralTile = await readFile(join(OUT, 'neutral.svg'), 'utf8');
const NEUTRAL_GREY = neutralTile.match(/<rect[^>]*fill="(#[0-9a-f]{6})"/i)?.[1];
if (!NEUTRAL_GREY) throw new Error('neutral.svg no longer has its grey tile');
const ring = (colour) => `<circle cx="32" cy="32" r="14" fill="none" stroke="${colour}" stroke-width="6"/>`;
const neutralBleed = `<rect width="64" height="64" fill="${NEUTRAL_GREY}"/>`;

await mkdir(OUT, { recursive: true });
// The safe zone of a maskable icon is the central circle of 80 % of its width: the mark's diagonal
// keeps to 90 % of that circle, so no mask shape clips it.
const MASKABLE_SHARE = 0.9 * 0.8;
const TOUCH_SHARE = 0.8;
const BADGE_SHARE = 1.15;

await Promise.all([
  writePng(royalTile, 192, 'icon-192.png'),
  writePng(royalTile, 512, 'icon-512.png'),
  writePng(svgOf(royalBleed + centred(crown, CROWN_BOX, MASKABLE_SHARE)), 512, 'icon-maskable-512.png'),
  writePng(svgOf(royalBleed + centred(crown, CROWN_BOX, TOUCH_SHARE)), 180, 'apple-touch-icon.png'),
  writePng(svgOf(centred(crownShapes, CROWN_BOX, BADGE_SHARE)), 96, 'badge-96.png'),
  writePng(neutralTile, 192, 'neutral-192.png'),
  writePng(neutralTile, 512, 'neutral-512.png'),
  writePng(
    svgOf(neutralBleed + centred(ring('#f4f5f7'), RING_BOX, MASKABLE_SHARE)),
    512,
    'neutral-maskable-512.png',
  ),
  writePng(
    svgOf(neutralBleed + centred(ring('#f4f5f7'), RING_BOX, TOUCH_SHARE)),
    180,
    'neutral-apple-touch-icon.png',
  ),
  writePng(svgOf(centred(ring('#fff'), RING_BOX, BADGE_SHARE)), 96, 'neutral-badge-96.png'),
]);
