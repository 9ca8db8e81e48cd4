import { bodyClip, clothingDefs, drawNeck, drawNecklace, drawTop } from './clothing';
import { drawFace, type Expression, faceDefs, jawShadow, type Lighting } from './face';
import { drawHairBack, drawHairFront, hairDefs } from './hair';
import { num, radial } from './paint';
import { FACE_SHAPES, type Person } from './person';

// One person, posed: head and shoulders in head units, placed on the picture by `pose`.

export type Pose = {
  /** Pixels per head unit (the face is 100 units wide). */
  scale: number;
  /** Where the eyes' midpoint is on the picture, in pixels. */
  x: number;
  y: number;
  /** Degrees: the head's tilt and the shoulders' (a body turned slightly off square). */
  tilt: number;
  lean: number;
  /** -0.35 … 0.35: a three-quarter turn of the face towards the viewer's left or right. */
  turn: number;
};

/** The body is drawn a little small for the head, as portrait painters do to keep the face the subject. */
const BODY_SCALE = 0.9;

export type Outfit = { colour: string; second: string };

/**
 * The person, posed on a width × height picture: SVG definitions and drawing, to be laid over the
 * backdrop (see portraits.ts). Soft shadows are radial-gradient ellipses clipped to the skin and
 * cloth they fall on.
 */
export function figureSvg(
  person: Person,
  pose: Pose,
  expression: Expression,
  outfit: Outfit,
  light: Lighting,
) {
  const { turn } = pose;
  const body = [
    drawHairBack(person, turn),
    bodyClip(person),
    drawNeck(person, light),
    drawTop(person, person.top, outfit.colour, outfit.second, light),
    drawNecklace(person, person.top),
    `<g clip-path="url(#body-clip)">${jawShadow(person, turn)}${bodyShading(person, light)}</g>`,
  ].join('');
  const head = [
    drawFace(person, expression, turn, light),
    drawHairFront(person, turn, light),
    glasses(person, turn),
    earrings(person, turn),
  ].join('');
  const defs = `<defs>${SHADOW}${faceDefs(person, light)}${hairDefs(person, light)}${clothingDefs(outfit.colour, outfit.second, light)}</defs>`;
  // The head turns about the top of the neck, so a tilt never parts head from neck.
  return `${defs}<g transform="translate(${num(pose.x)} ${num(pose.y)}) scale(${num(pose.scale)})"><g transform="rotate(${num(pose.lean)} 0 200) translate(0 60) scale(${BODY_SCALE}) translate(0 -60)">${body}</g><g transform="rotate(${num(pose.tilt)} ${num(turn * 6)} 60)">${head}</g></g>`;
}

/** Shadow on skin and cloth is a deep warm brown, never grey. */
const DARK = '3a1c12';
const glow = (cx: number, cy: number, rx: number, ry: number, colour: string, opacity: number) =>
  `<ellipse cx="${num(cx)}" cy="${num(cy)}" rx="${num(rx)}" ry="${num(ry)}" fill="${colour === DARK ? 'url(#shadow)' : `#${colour}`}" opacity="${num(opacity)}"/>`;

/** Every soft shadow fades from its centre to nothing at its edge. */
const SHADOW = radial('shadow', [
  [0, DARK, 0.85],
  [0.5, DARK, 0.55],
  [1, DARK, 0],
]);

/** Light and shadow on the neck, shoulders and clothes. */
function bodyShading(person: Person, light: Lighting): string {
  const { neck, shoulders } = person.features;
  const away = -light.side;
  return [
    glow(away * neck * 0.8, 74, neck * 0.55, 40, DARK, 0.3),
    glow(away * shoulders * 0.7, 220, 60, 120, DARK, 0.22),
    // Where the arms meet the body.
    glow(-(shoulders - 20), 430, 9, 230, DARK, 0.3),
    glow(shoulders - 20, 430, 9, 230, DARK, 0.3),
    // Soft folds down the front.
    glow(-shoulders * 0.52, 330, 7, 120, DARK, 0.18),
    glow(shoulders * 0.5, 350, 7, 110, DARK, 0.16),
    // The shadow the head casts on the chest.
    glow(away * 10, 130, 60, 24, DARK, 0.25),
  ].join('');
}

function glasses(person: Person, turn: number): string {
  if (!person.glasses) return '';
  const f = person.features;
  const lens = (s: -1 | 1) => {
    const away = s * turn > 0;
    const cx = turn * 13 + s * f.eyeSpacing * (away ? 1 - Math.abs(turn) * 0.25 : 1);
    const w = 17 * (away ? 1 - Math.abs(turn) * 0.35 : 1);
    const rx = person.glasses === 'round' ? w : 5;
    return `<rect x="${num(cx - w)}" y="-12" width="${num(w * 2)}" height="${person.glasses === 'round' ? 26 : 22}" rx="${num(Math.min(rx, w))}" fill="#ffffff" fill-opacity="0.08" stroke="#1c1614" stroke-width="2.6"/><path d="M${num(cx - w * 0.5)},-8 l${num(w * 0.5)},0" stroke="#fff" stroke-width="1.5" opacity="0.35"/>`;
  };
  return `<g>${lens(-1)}${lens(1)}<path d="M${num(turn * 13 - f.eyeSpacing + 17)},-4 Q${num(turn * 13)},-9 ${num(turn * 13 + f.eyeSpacing - 17)},-4" fill="none" stroke="#1c1614" stroke-width="2.4"/></g>`;
}

const EARS_SHOWING: ReadonlySet<string> = new Set(['bun', 'ponytail', 'pixie', 'afro']);

function earrings(person: Person, turn: number): string {
  // Earrings show only where the hair leaves the ears free.
  if (!person.earrings || !EARS_SHOWING.has(person.hair)) return '';
  const a = 50 * FACE_SHAPES[person.face].cheek;
  return ([-1, 1] as const)
    .filter((s) => s * turn <= 0.1)
    .map((s) => {
      const x = s * a * 0.99 + turn * 4 + s * 3;
      if (person.earrings === 'studs')
        return `<circle cx="${num(x)}" cy="28" r="3" fill="#f3e3b3" stroke="#b08d45" stroke-width="0.8"/>`;
      if (person.earrings === 'hoops')
        return `<ellipse cx="${num(x)}" cy="38" rx="7" ry="10" fill="none" stroke="#d7b266" stroke-width="2"/>`;
      return `<path d="M${num(x)},28 L${num(x)},40" stroke="#d7b266" stroke-width="1.2"/><ellipse cx="${num(x)}" cy="45" rx="3.4" ry="5.5" fill="#e9dccb" stroke="#b08d45" stroke-width="0.8"/>`;
    })
    .join('');
}
