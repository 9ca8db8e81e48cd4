import { describe, expect, it } from 'vitest';
import { describePerson, renderPortrait } from '../../seed/portraits';
import { createNsfwClassifier } from './classifier';

describe('the nsfwjs classifier (the real model, WASM backend)', () => {
  it('scores a drawn portrait of a clothed person as safe, and loads the model only once', async () => {
    const classifier = createNsfwClassifier();
    const person = describePerson({ key: 'classifier@example.test', index: 3, userType: 'women', age: 31 });
    const portrait = await renderPortrait(person, 0);
    const loadStarted = performance.now();
    const first = await classifier.safeProbability(portrait);
    const withLoading = performance.now() - loadStarted;
    expect(first).toBeGreaterThan(0.9);
    expect(first).toBeLessThanOrEqual(1);
    // The model is loaded once per process: a second image costs only its inference.
    const second = await renderPortrait(person, 1);
    const started = performance.now();
    const again = await classifier.safeProbability(second);
    expect(performance.now() - started).toBeLessThan(withLoading);
    expect(again).toBeGreaterThanOrEqual(0);
    expect(again).toBeLessThanOrEqual(1);
  }, 30_000);
});
