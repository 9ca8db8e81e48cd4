// Small drawing helpers shared by the figure and the scenes: colour arithmetic and smooth outlines.

/** An sRGB colour as six hex digits, without '#'. */
export type Hex = string;

const channels = (hex: Hex): [number, number, number] => [
  Number.parseInt(hex.slice(0, 2), 16),
  Number.parseInt(hex.slice(2, 4), 16),
  Number.parseInt(hex.slice(4, 6), 16),
];

const toHex = (rgb: readonly number[]): Hex =>
  rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('');

/** `a` moved towards `b` by `t` (0 … 1). */
export function mix(a: Hex, b: Hex, t: number): Hex {
  const [ca, cb] = [channels(a), channels(b)];
  return toHex(ca.map((c, i) => c + ((cb[i] ?? 0) - c) * t));
}

/**
 * Darker (`amount` < 0) or lighter (> 0). Shadows on skin and cloth go warmer and richer rather than
 * greyer, as they do in paint: darkening multiplies towards a deep red-brown instead of black.
 */
export function shade(hex: Hex, amount: number): Hex {
  return amount < 0 ? mix(hex, '2a1010', -amount) : mix(hex, 'fff8ee', amount);
}

/** Relative luminance (0 dark … 1 light), enough to pick contrasting details. */
export function lightness(hex: Hex): number {
  const [r, g, b] = channels(hex);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

export type Point = readonly [number, number];

const f = (n: number) => (Math.round(n * 10) / 10).toString();

/**
 * A smooth outline through `points` (Catmull-Rom turned into cubic Béziers): every hair, collar and
 * jaw line is a list of a few points, which keeps the shapes easy to vary per person.
 */
export function smooth(points: readonly Point[], closed = true, tension = 1): string {
  const n = points.length;
  const at = (i: number): Point =>
    closed ? (points[(i + n) % n] as Point) : (points[Math.min(n - 1, Math.max(0, i))] as Point);
  const first = at(0);
  let d = `M${f(first[0])},${f(first[1])}`;
  const segments = closed ? n : n - 1;
  for (let i = 0; i < segments; i++) {
    const [p0, p1, p2, p3] = [at(i - 1), at(i), at(i + 1), at(i + 2)];
    const k = tension / 6;
    d += `C${f(p1[0] + (p2[0] - p0[0]) * k)},${f(p1[1] + (p2[1] - p0[1]) * k)} ${f(p2[0] - (p3[0] - p1[0]) * k)},${f(p2[1] - (p3[1] - p1[1]) * k)} ${f(p2[0])},${f(p2[1])}`;
  }
  return closed ? `${d}Z` : d;
}

/** The same outline mirrored across x = 0 (for the right-hand half of a symmetric shape). */
export const mirror = (points: readonly Point[]): Point[] => points.map(([x, y]) => [-x, y] as const);

/** A radial gradient definition; stops are [offset, colour, opacity]. */
export function radial(id: string, stops: readonly (readonly [number, Hex, number])[], attrs = ''): string {
  return `<radialGradient id="${id}" ${attrs}>${stops.map(([o, c, a]) => `<stop offset="${o}" stop-color="#${c}" stop-opacity="${a}"/>`).join('')}</radialGradient>`;
}

/** A linear gradient definition from (x1,y1) to (x2,y2) in the shape's box; stops as in `radial`. */
export function linear(
  id: string,
  [x1, y1, x2, y2]: readonly [number, number, number, number],
  stops: readonly (readonly [number, Hex, number])[],
): string {
  return `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stops.map(([o, c, a]) => `<stop offset="${o}" stop-color="#${c}" stop-opacity="${a}"/>`).join('')}</linearGradient>`;
}

export const num = f;
