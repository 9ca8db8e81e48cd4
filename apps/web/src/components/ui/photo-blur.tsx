import { createContext, type ReactNode, type SyntheticEvent, useContext, useMemo, useState } from 'react';

// 'Blur photos until tapped' (issue 40, the discretion package): with the member's setting on, other
// members' photos are drawn blurred (a CSS filter) wherever they show, until the member taps one.
// The member area provides the setting and the member's own photos (which never blur); outside it,
// and with the setting off, every photo shows as it is.

/** The rule shown beside other members' photos (the profile, the blurred photo's own overlay). */
export const SCREENSHOT_NOTICE = "Screenshots of other members' photos break the community rules.";

type PhotoBlurState = {
  /** Keys (photoKey) of the member's own photos. */
  own: ReadonlySet<string>;
  revealed: ReadonlySet<string>;
  reveal: (key: string) => void;
};

const PhotoBlurContext = createContext<PhotoBlurState | null>(null);
const NOTHING: ReadonlySet<string> = new Set();

/**
 * One photo whatever variant a URL asks for: the face square of an avatar (`?size=face`), the
 * thumbnail and the full photo are the same picture, so revealing one reveals it everywhere.
 */
function photoKey(src: string): string {
  try {
    return new URL(src, 'https://placeholder.invalid').pathname;
  } catch {
    return src;
  }
}

export function PhotoBlurProvider({
  enabled,
  ownPhotos,
  resetKey,
  children,
}: {
  enabled: boolean;
  /** The signed-in member's photo and avatar URLs. */
  ownPhotos: readonly (string | null | undefined)[];
  /** A change forgets what was revealed (the screen was hidden or locked meanwhile). */
  resetKey?: unknown;
  children: ReactNode;
}) {
  // What was revealed, and under which key and setting: a new key, or the setting turned off and on
  // again, starts over with every photo blurred.
  const [memory, setMemory] = useState<{ key: unknown; enabled: boolean; revealed: ReadonlySet<string> }>(
    () => ({ key: resetKey, enabled, revealed: NOTHING }),
  );
  const current = memory.key === resetKey && memory.enabled === enabled;
  const revealed = current ? memory.revealed : NOTHING;
  const ownKey = ownPhotos.join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: rebuilt when the URLs change, not the array
  const own = useMemo(
    () => new Set(ownPhotos.filter((url): url is string => Boolean(url)).map(photoKey)),
    [ownKey],
  );
  const value = useMemo<PhotoBlurState | null>(
    () =>
      enabled
        ? {
            own,
            revealed,
            reveal: (key) => setMemory({ key: resetKey, enabled, revealed: new Set(revealed).add(key) }),
          }
        : null,
    [enabled, own, revealed, resetKey],
  );
  return <PhotoBlurContext value={value}>{children}</PhotoBlurContext>;
}

export type PhotoBlur = {
  /** The photo is drawn blurred now. */
  blurred: boolean;
  reveal: () => void;
};

/** Whether the photo at `src` shows blurred, and the tap that reveals it. */
export function usePhotoBlur(src: string | null | undefined): PhotoBlur {
  const state = useContext(PhotoBlurContext);
  if (!state || !src) return { blurred: false, reveal: () => {} };
  const key = photoKey(src);
  return {
    blurred: !state.own.has(key) && !state.revealed.has(key),
    reveal: () => state.reveal(key),
  };
}

/**
 * A tap's handler for a blurred photo inside something that acts on taps (a link, a card, a list
 * item): the first tap only reveals the photo and goes no further; from the next one on, the
 * surrounding element acts as before. Undefined once the photo shows.
 */
export function revealFirst({ blurred, reveal }: PhotoBlur) {
  if (!blurred) return undefined;
  return (event: SyntheticEvent) => {
    event.preventDefault();
    event.stopPropagation();
    reveal();
  };
}

/** The filter of a blurred photo; `scale` keeps its soft edge inside the photo's frame. */
export const BLURRED_PHOTO = 'scale-110 blur-2xl';
