import {
  PROFILE_PROMPTS,
  PROFILE_PROMPTS_MAX,
  PROMPT_ANSWER_MAX,
  type ProfilePrompt,
  type ProfilePromptId,
  promptQuestion,
} from '@royal/shared';
import { useId } from 'react';
import { cn } from '@/lib/cn';

/**
 * Up to PROFILE_PROMPTS_MAX answered prompts, each a question of the shared list (one not chosen in
 * another slot) and an answer; the next empty slot offers a question while there is room. Choosing
 * "Remove this prompt" drops the slot. Controlled, so onboarding and Edit Profile each hold it in
 * their own form and style it as their own controls.
 */
export function PromptsEditor({
  value,
  onChange,
  answerErrors = [],
  error,
  labelClassName,
  controlClassName,
  errorClassName,
}: {
  value: ProfilePrompt[];
  onChange: (value: ProfilePrompt[]) => void;
  answerErrors?: (string | undefined)[];
  error?: string;
  labelClassName: string;
  controlClassName: string;
  errorClassName: string;
}) {
  const id = useId();
  const slots: (ProfilePrompt | null)[] = value.length < PROFILE_PROMPTS_MAX ? [...value, null] : value;
  const choose = (index: number, prompt: ProfilePromptId | '') => {
    const entry = value[index];
    if (!prompt) onChange(value.filter((_, i) => i !== index));
    else if (entry) onChange(value.map((a, i) => (i === index ? { ...a, prompt } : a)));
    else onChange([...value, { prompt, answer: '' }]);
  };
  const write = (index: number, answer: string) =>
    onChange(value.map((a, i) => (i === index ? { ...a, answer } : a)));

  return (
    <div className="flex flex-col gap-4">
      {slots.map((entry, index) => {
        const taken = new Set(value.filter((_, i) => i !== index).map((a) => a.prompt));
        const answerError = answerErrors[index];
        return (
          <div key={entry?.prompt ?? 'next'} className="flex flex-col gap-2">
            <label htmlFor={`${id}-prompt-${index}`} className={labelClassName}>
              Prompt {index + 1}
            </label>
            <select
              id={`${id}-prompt-${index}`}
              value={entry?.prompt ?? ''}
              onChange={(event) => choose(index, event.target.value as ProfilePromptId | '')}
              className={controlClassName}
            >
              <option value="">{entry ? 'Remove this prompt' : 'Choose a question (optional)'}</option>
              {PROFILE_PROMPTS.filter((p) => !taken.has(p.id)).map((p) => (
                <option key={p.id} value={p.id}>
                  {p.question}
                </option>
              ))}
            </select>
            {entry && (
              <>
                <label htmlFor={`${id}-answer-${index}`} className="sr-only">
                  Your answer: {promptQuestion(entry.prompt)}
                </label>
                <textarea
                  id={`${id}-answer-${index}`}
                  rows={2}
                  maxLength={PROMPT_ANSWER_MAX}
                  value={entry.answer}
                  placeholder="Your answer"
                  onChange={(event) => write(index, event.target.value)}
                  className={cn(controlClassName, 'py-2')}
                  aria-invalid={Boolean(answerError)}
                  aria-describedby={answerError ? `${id}-answer-${index}-error` : undefined}
                />
                {answerError && (
                  <p id={`${id}-answer-${index}-error`} role="alert" className={errorClassName}>
                    {answerError}
                  </p>
                )}
              </>
            )}
          </div>
        );
      })}
      {error && (
        <p role="alert" className={errorClassName}>
          {error}
        </p>
      )}
    </div>
  );
}
