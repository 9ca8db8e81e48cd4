import { describe, expect, it } from 'vitest';
import { TOAST_GAP_PX, toastBottomOffset, toastColumn } from './toast-lane';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const box = (top: number, bottom: number, left: number, right: number) => ({ top, bottom, left, right });

describe('toast lane', () => {
  it('sits at the bare bottom edge when nothing is marked', () => {
    expect(toastBottomOffset(PHONE, [])).toBe(TOAST_GAP_PX);
  });

  it('rises above the navigation bar and above the swipe buttons over it on a phone', () => {
    const nav = box(772, 844, 0, 390);
    const swipeButtons = box(690, 762, 70, 320);
    expect(toastBottomOffset(PHONE, [nav])).toBe(844 - 772 + TOAST_GAP_PX);
    expect(toastBottomOffset(PHONE, [nav, swipeButtons])).toBe(844 - 690 + TOAST_GAP_PX);
  });

  it('never moves for a heading in the upper half (it stays visible above the toast)', () => {
    const stepTitle = box(40, 80, 16, 374);
    expect(toastBottomOffset(PHONE, [stepTitle])).toBe(TOAST_GAP_PX);
  });

  it("keeps to the right-hand column from 601 px (sonner's own phone layout ends at 600): the side rail and the deck's buttons are left of it", () => {
    expect(toastColumn(1440)).toEqual({ left: 1060, right: 1416 });
    expect(toastColumn(768)).toEqual({ left: 388, right: 744 });
    expect(toastColumn(600)).toEqual({ left: 12, right: 588 });
    const sideRail = box(64, 900, 0, 240);
    const deckButtons = box(780, 852, 520, 820);
    const dialogButtons = box(700, 744, 900, 1100);
    expect(toastBottomOffset(DESKTOP, [sideRail, deckButtons])).toBe(TOAST_GAP_PX);
    // A dialog's buttons above the toast's place at the bottom edge: it stays there, clear of them.
    expect(toastBottomOffset(DESKTOP, [sideRail, deckButtons, dialogButtons])).toBe(TOAST_GAP_PX);
    // Buttons at the bottom edge: lifted above them.
    const lowDialogButtons = box(820, 870, 900, 1100);
    expect(toastBottomOffset(DESKTOP, [lowDialogButtons])).toBe(900 - 820 + TOAST_GAP_PX);
  });

  it('stays low, above the navigation, under a button in the middle of an empty deck: never over the heading above it', () => {
    const nav = box(772, 844, 0, 390);
    const widenButton = box(434, 478, 76, 314);
    expect(toastBottomOffset(PHONE, [nav, widenButton])).toBe(844 - 772 + TOAST_GAP_PX);
  });

  it('ignores marked elements that are hidden or scrolled out of view', () => {
    expect(toastBottomOffset(PHONE, [box(0, 0, 0, 0), box(900, 960, 0, 390)])).toBe(TOAST_GAP_PX);
  });
});
