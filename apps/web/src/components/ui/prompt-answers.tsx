import { type ProfilePrompt, promptQuestion } from '@royal/shared';
import { cn } from '@/lib/cn';

/** A member's answered prompts, question above answer (profile page and the deck's details panel). */
export function PromptAnswers({ prompts, className }: { prompts: ProfilePrompt[]; className?: string }) {
  if (prompts.length === 0) return null;
  return (
    <ul aria-label="Prompts" className={cn('flex flex-col gap-3', className)}>
      {prompts.map((entry) => (
        <li key={entry.prompt} className="rounded-2xl border border-border bg-surface-muted px-4 py-3">
          <p className="font-semibold text-muted-foreground text-xs uppercase tracking-wide">
            {promptQuestion(entry.prompt)}
          </p>
          <p className="mt-1 whitespace-pre-line font-display text-foreground text-lg leading-snug">
            {entry.answer}
          </p>
        </li>
      ))}
    </ul>
  );
}
