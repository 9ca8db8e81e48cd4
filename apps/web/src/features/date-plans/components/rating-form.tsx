import {
  DATE_RATING_COMMENT_MAX,
  DATE_RATING_FLAG_LABELS,
  DATE_RATING_FLAGS,
  DATE_RATING_STARS_MAX,
  DATE_RATING_TEXT,
  type DateRatingFlag,
} from '@royal/shared';
import { Star } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { refusalOr } from '@/lib/api';
import { cn } from '@/lib/cn';
import { useRateDatePlan } from '../api/date-plans';
import { fieldClass } from './date-time-fields';

const RATING_FAILED_TEXT = 'Your rating could not be sent. Please try again.';
const STARS = Array.from({ length: DATE_RATING_STARS_MAX }, (_, i) => i + 1);

/**
 * After a date the member came to: stars, the safety flags and a comment, sent privately (the other
 * member never learns of it; a flag files a report for the moderators). Asked once: the plan says
 * whether the member has rated it.
 */
export function RatingForm({ planId }: { planId: string }) {
  const rate = useRateDatePlan(planId);
  const [stars, setStars] = useState(0);
  const [flags, setFlags] = useState<DateRatingFlag[]>([]);
  const [comment, setComment] = useState('');
  const ids = { title: useId(), comment: useId() };
  const toggle = (flag: DateRatingFlag) =>
    setFlags((current) => (current.includes(flag) ? current.filter((f) => f !== flag) : [...current, flag]));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (stars === 0) return;
    rate.mutate(
      { stars, flags, comment: comment.trim() },
      {
        onSuccess: () => toast.success(DATE_RATING_TEXT.sent),
        onError: (error) => toast.error(refusalOr(error, RATING_FAILED_TEXT)),
      },
    );
  };
  return (
    <form
      onSubmit={submit}
      aria-labelledby={ids.title}
      className="flex flex-col gap-3 rounded-2xl border border-border p-3"
    >
      <h3 id={ids.title} className="font-display text-foreground text-lg">
        {DATE_RATING_TEXT.title}
      </h3>
      <fieldset>
        <legend className="sr-only">Stars</legend>
        <div className="flex gap-1">
          {STARS.map((value) => (
            <label key={value} className="cursor-pointer">
              <input
                type="radio"
                name="stars"
                value={value}
                checked={stars === value}
                onChange={() => setStars(value)}
                className="peer sr-only"
              />
              <span className="sr-only">
                {value} {value === 1 ? 'star' : 'stars'}
              </span>
              <Star
                aria-hidden="true"
                className={cn(
                  'size-9 rounded-lg p-1 text-gold-500 peer-focus-visible:outline-2 peer-focus-visible:outline-gold-400',
                  value <= stars ? 'fill-gold-400' : 'fill-transparent',
                )}
              />
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-foreground text-sm">{DATE_RATING_TEXT.flagsLabel}</legend>
        {DATE_RATING_FLAGS.map((flag) => (
          <label key={flag} className="flex min-h-11 items-center gap-3 text-foreground text-sm">
            <input
              type="checkbox"
              checked={flags.includes(flag)}
              onChange={() => toggle(flag)}
              className="size-5 accent-gold-500"
            />
            {DATE_RATING_FLAG_LABELS[flag]}
          </label>
        ))}
      </fieldset>
      <label htmlFor={ids.comment} className="text-foreground text-sm">
        {DATE_RATING_TEXT.commentLabel}
      </label>
      <textarea
        id={ids.comment}
        rows={2}
        maxLength={DATE_RATING_COMMENT_MAX}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        className={`${fieldClass} resize-none py-2`}
      />
      <p className="text-muted-foreground text-xs">{DATE_RATING_TEXT.privacy}</p>
      <Button type="submit" variant="outline" disabled={rate.isPending || stars === 0}>
        {DATE_RATING_TEXT.submit}
      </Button>
    </form>
  );
}
