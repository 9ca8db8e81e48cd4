import { describe, expect, it } from 'vitest';
import { faceSquare } from './face-crop';

describe('faceSquare', () => {
  it('without a face: 60 % of the width, centred, its centre a third of the way down', () => {
    expect(faceSquare(1080, 1350)).toEqual({ left: 216, top: 126, side: 648 });
  });

  it('stays inside a landscape picture, whose upper third is too near the top', () => {
    // Centred at 240 the 720 px square would start at -120: it is moved down to the edge.
    expect(faceSquare(1200, 720)).toEqual({ left: 240, top: 0, side: 720 });
  });

  it('is never larger than the picture, however wide', () => {
    expect(faceSquare(1080, 270)).toEqual({ left: 405, top: 0, side: 270 });
  });

  it('around a face box: centred on the face, 1.8 times its larger side', () => {
    const face = { x: 0.5, y: 0.2, width: 0.2, height: 0.16 };
    // The face is 200 × 200 px at (500, 250)–(700, 450): a 360 px square centred at (600, 350).
    expect(faceSquare(1000, 1250, face)).toEqual({ left: 420, top: 170, side: 360 });
  });

  it('pushes a square around a face at the edge back inside the picture', () => {
    const face = { x: 0, y: 0.9, width: 0.1, height: 0.1 };
    const square = faceSquare(1000, 1000, face);
    expect(square).toEqual({ left: 0, top: 820, side: 180 });
    expect(square.top + square.side).toBeLessThanOrEqual(1000);
  });

  it('fills the shorter side when the face is very large', () => {
    const face = { x: 0, y: 0, width: 1, height: 0.9 };
    expect(faceSquare(800, 1000, face)).toEqual({ left: 0, top: 50, side: 800 });
  });
});
