import { MERGED_CLASSES_ELEMENT_ID } from '@royal/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The real tailwind-merge, watched: the point of a page's class lists is that it is not called.
const twMerge = vi.hoisted(() => vi.fn<(classes: string) => string>());
vi.mock('tailwind-merge', async (importOriginal) => {
  const actual = await importOriginal<typeof import('tailwind-merge')>();
  twMerge.mockImplementation(actual.twMerge);
  return { ...actual, twMerge };
});

const { cn, knowMergedClasses, recordMergedClasses } = await import('./cn');

function pageCarrying(text: string): Document {
  const doc = document.implementation.createHTMLDocument('page');
  const script = doc.createElement('script');
  script.type = 'application/json';
  script.id = MERGED_CLASSES_ELEMENT_ID;
  script.textContent = text;
  doc.body.append(script);
  return doc;
}

afterEach(() => {
  twMerge.mockClear();
});

describe('cn', () => {
  it('lets a later utility override an earlier one', () => {
    expect(cn('px-4 py-2', 'px-6')).toBe('py-2 px-6');
  });
});

describe('recordMergedClasses (a render ahead of the app)', () => {
  it('returns what the render returned and every list it merged, 1 for a list that stays the same', () => {
    const { result, classes } = recordMergedClasses(() => {
      cn('px-4 py-2', 'px-6');
      cn('flex', false && 'hidden', 'gap-2');
      return 'markup';
    });
    expect(result).toBe('markup');
    expect(classes).toEqual({ 'px-4 py-2 px-6': 'py-2 px-6', 'flex gap-2': 1 });
  });

  it('records nothing outside the render', () => {
    recordMergedClasses(() => null);
    const { classes } = recordMergedClasses(() => cn('m-1'));
    expect(classes).toEqual({ 'm-1': 1 });
  });
});

describe('knowMergedClasses (the app starting on such a page)', () => {
  it('answers the lists the page carries without merging them again', () => {
    expect(knowMergedClasses(pageCarrying('{"text-sm text-lg":"text-lg","rounded-full p-2":1}'))).toBe(true);
    expect(cn('text-sm', 'text-lg')).toBe('text-lg');
    expect(cn('rounded-full p-2')).toBe('rounded-full p-2');
    expect(twMerge).not.toHaveBeenCalled();
    // A list the page did not have is merged as usual.
    expect(cn('mt-1 mt-3')).toBe('mt-3');
    expect(twMerge).toHaveBeenCalledOnce();
  });

  it('is false for a page without lists, or with lists it cannot read (they are then merged as usual)', () => {
    expect(knowMergedClasses(document.implementation.createHTMLDocument('plain'))).toBe(false);
    expect(knowMergedClasses(pageCarrying('{not json'))).toBe(false);
    expect(knowMergedClasses(pageCarrying('["p-1"]'))).toBe(false);
    expect(knowMergedClasses(pageCarrying('{"gap-1 gap-4":4}'))).toBe(false);
    expect(cn('gap-1 gap-4')).toBe('gap-4');
  });
});
