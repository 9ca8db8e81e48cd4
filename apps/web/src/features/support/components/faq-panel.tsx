import { ChevronDown, Search, SearchX } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { hasFinePointer } from '@/lib/focus';
import { type FaqEntry, faqMatching } from '../faq';

export const FAQ_SEARCH_LABEL = 'Search the FAQ';

/**
 * The FAQ: a search box that narrows the questions as the member types (questions and answers
 * alike), and each answer behind its question, opened and closed in place.
 */
export function FaqPanel({ onContactSupport }: { onContactSupport: () => void }) {
  const [query, setQuery] = useState('');
  const shown = faqMatching(query);
  const searching = query.trim() !== '';
  // With a keyboard, ready to search (on a touch screen the dialog focuses its way back instead).
  const search = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (hasFinePointer()) search.current?.focus();
  }, []);
  return (
    <div className="mt-4 flex flex-col gap-3">
      <label className="relative block">
        <span className="sr-only">{FAQ_SEARCH_LABEL}</span>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <input
          ref={search}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Search questions and answers..."
          className="min-h-11 w-full rounded-full border border-border bg-surface py-2 pr-4 pl-9 text-foreground placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-gold-400"
        />
      </label>
      {/* Said once the member pauses typing: how many questions the words left. */}
      <p aria-live="polite" className="sr-only">
        {searching ? `${shown.length} ${shown.length === 1 ? 'question' : 'questions'} found` : ''}
      </p>
      {shown.length > 0 ? (
        <ul aria-label="Frequently asked questions" className="flex flex-col gap-2">
          {shown.map((entry) => (
            <FaqItem key={entry.id} entry={entry} />
          ))}
        </ul>
      ) : (
        <div className="flex flex-col items-center gap-3 rounded-2xl border border-border border-dashed px-4 py-6 text-center">
          <SearchX aria-hidden="true" className="size-6 text-muted-foreground" />
          <p className="text-foreground">No answers for “{query.trim()}”</p>
          <p className="text-muted-foreground text-sm">Try other words, or ask our team directly.</p>
          <Button variant="outline" onClick={onContactSupport}>
            Contact Support
          </Button>
        </div>
      )}
    </div>
  );
}

/** One question: a button that shows or hides its answer (a disclosure). */
function FaqItem({ entry }: { entry: FaqEntry }) {
  const [open, setOpen] = useState(false);
  const answerId = useId();
  return (
    <li className="rounded-2xl border border-border">
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={answerId}
          onClick={() => setOpen(!open)}
          className="flex min-h-11 w-full cursor-pointer items-center justify-between gap-3 rounded-2xl px-4 py-3 text-left font-semibold text-foreground text-sm transition hover:bg-surface-muted"
        >
          {entry.question}
          <ChevronDown
            aria-hidden="true"
            className={cn('size-4 shrink-0 transition-transform', open && 'rotate-180')}
          />
        </button>
      </h3>
      <div id={answerId} hidden={!open} className="px-4 pb-4 text-muted-foreground text-sm leading-relaxed">
        {entry.answer}
      </div>
    </li>
  );
}
