// Which member a benchmark viewer swipes on next, as arithmetic rather than a list: the list a fast
// machine needs (tens of thousands of targets per viewer, for 20 viewers) would be tens of megabytes
// in every load plan and in wrk's script. Used by the harness (TypeScript) and by load.mjs, whose wrk
// script carries the same formula in Lua (`luaTargetId` below, kept beside the JavaScript on purpose).
//
// The generated members are 00000000-0000-4000-8000-<hex g>, g = 1…PROFILES: women for odd g, men
// for even g, so the k-th member of a type (0-based, in user id order) is g = 2k + first. A viewer's
// targets are every member of the other type but the viewer's own history (`historyFrom`, `historyLength`
// places of that order, which it has swiped already), starting at `start` and wrapping around: the
// viewers of one type start 2,000 apart and go at the same pace, so two of them never swipe the same
// member at the same moment, and none repeats a swipe until it has been through the whole type.

/**
 * @typedef {{ first: 1 | 2, count: number, start: number, historyFrom: number, historyLength: number }} TargetRange
 */

/** The user id of the g-th generated member (g from 1): women for odd g, men for even g. */
export const generatedMemberId = (/** @type {number} */ g) =>
  `00000000-0000-4000-8000-${g.toString(16).padStart(12, '0')}`;

/** How many targets the range holds before it repeats. */
export const targetCount = (/** @type {TargetRange} */ range) => range.count - range.historyLength;

/** The n-th target of the range (n ≥ 0), as a user id. */
export function targetId(/** @type {TargetRange} */ range, /** @type {number} */ n) {
  let k = (range.start + n) % targetCount(range);
  if (k >= range.historyFrom) k += range.historyLength;
  return generatedMemberId(2 * k + range.first);
}

/** `targetId` in Lua, for wrk's script: `target_id(range, n)` with range a table of the same fields. */
export const luaTargetId = `
local function target_id(r, n)
  local k = (r.start + n) % (r.count - r.historyLength)
  if k >= r.historyFrom then k = k + r.historyLength end
  return string.format("00000000-0000-4000-8000-%012x", 2 * k + r.first)
end`;
