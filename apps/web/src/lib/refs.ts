import type { Ref } from 'react';

/** One callback ref that hands the element to a caller's ref and to a cleanup-returning ref of our own. */
export function bothRefs<T>(theirs: Ref<T> | undefined, ours: (node: T | null) => () => void) {
  return (node: T | null) => {
    if (typeof theirs === 'function') theirs(node);
    else if (theirs) theirs.current = node;
    const cleanup = ours(node);
    return () => {
      cleanup();
      if (typeof theirs === 'function') theirs(null);
      else if (theirs) theirs.current = null;
    };
  };
}
