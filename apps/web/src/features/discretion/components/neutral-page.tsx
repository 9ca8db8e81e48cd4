import { useState } from 'react';
import type { PinRecord } from '../app-pin';
import { NEUTRAL_TITLE } from '../tab-title';
import { useFocusOnShow } from '../use-focus-on-show';
import { PinPrompt } from './pin-prompt';

// What quick-hide shows: an ordinary page anyone might have open, in the system's own colours and
// font (no crown, no gold, nothing of the member's). Its own words only: books long in the public
// domain, the same for everyone.
const BOOKS = [
  { title: 'Middlemarch', author: 'George Eliot', state: 'Reading' },
  { title: 'Persuasion', author: 'Jane Austen', state: 'Next' },
  { title: 'The Age of Innocence', author: 'Edith Wharton', state: 'Next' },
  { title: 'A Room with a View', author: 'E. M. Forster', state: 'Later' },
  { title: 'Walden', author: 'Henry David Thoreau', state: 'Later' },
  { title: 'Great Expectations', author: 'Charles Dickens', state: 'Finished' },
] as const;

const PLAIN_BUTTON =
  'min-h-11 cursor-pointer rounded-md border border-[color:ButtonBorder] bg-[color:ButtonFace] px-4 text-[color:ButtonText] text-sm focus-visible:outline-2 focus-visible:outline-[color:Highlight]';

/**
 * The neutral page that replaces the screen at once (quick-hide). 'Done' brings the app back: at
 * once, or after the member's app PIN when they have one on this device.
 */
export function NeutralPage({
  memberId,
  record,
  onReturn,
}: {
  memberId: string;
  record: PinRecord | null;
  onReturn: () => void;
}) {
  const [asking, setAsking] = useState(false);
  return (
    // Focusable itself, as the lock screen is (lock-screen.tsx).
    <div
      tabIndex={-1}
      style={{ colorScheme: 'light dark' }}
      className="fixed inset-0 z-[100] overflow-y-auto bg-[color:Canvas] font-[family-name:system-ui,sans-serif] text-[color:CanvasText] focus:outline-none"
    >
      {asking && record ? (
        <PasscodeView
          memberId={memberId}
          record={record}
          onReturn={onReturn}
          onCancel={() => setAsking(false)}
        />
      ) : (
        <ListView onDone={() => (record ? setAsking(true) : onReturn())} />
      )}
    </div>
  );
}

function ListView({ onDone }: { onDone: () => void }) {
  const heading = useFocusOnShow<HTMLHeadingElement>();
  return (
    <main className="mx-auto flex max-w-xl flex-col gap-4 px-5 py-6">
      <header className="flex items-center justify-between gap-3 border-[color:GrayText] border-b pb-3">
        <h1
          ref={heading}
          tabIndex={-1}
          className="font-semibold text-2xl [font-family:inherit] focus:outline-none"
        >
          {NEUTRAL_TITLE}
        </h1>
        <button type="button" onClick={onDone} className={PLAIN_BUTTON}>
          Done
        </button>
      </header>
      <p className="text-sm">{BOOKS.length} books</p>
      <ol className="flex flex-col">
        {BOOKS.map((book) => (
          <li
            key={book.title}
            className="flex items-baseline justify-between gap-3 border-[color:GrayText]/40 border-b py-3"
          >
            <span className="flex min-w-0 flex-col">
              <span className="font-medium">{book.title}</span>
              <span className="text-sm">{book.author}</span>
            </span>
            <span className="shrink-0 text-sm">{book.state}</span>
          </li>
        ))}
      </ol>
    </main>
  );
}

function PasscodeView({
  memberId,
  record,
  onReturn,
  onCancel,
}: {
  memberId: string;
  record: PinRecord;
  onReturn: () => void;
  onCancel: () => void;
}) {
  const heading = useFocusOnShow<HTMLHeadingElement>();
  return (
    <main className="mx-auto flex max-w-sm flex-col items-center gap-4 px-5 py-10 text-center">
      <h1
        ref={heading}
        tabIndex={-1}
        className="font-semibold text-2xl [font-family:inherit] focus:outline-none"
      >
        Enter passcode
      </h1>
      <PinPrompt memberId={memberId} record={record} tone="plain" onUnlocked={onReturn} />
      <button type="button" onClick={onCancel} className={PLAIN_BUTTON}>
        Cancel
      </button>
    </main>
  );
}
