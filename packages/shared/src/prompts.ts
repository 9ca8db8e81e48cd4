import { z } from 'zod';

// Profile prompts (issue 33): a fixed list of questions; a member may answer up to three, shown on
// their profile page and in the deck's details panel. Ids are stored, so a question's words may be
// improved without touching stored answers; an id is never reused for another question.

export const PROFILE_PROMPTS = [
  { id: 'perfect_evening', question: 'My idea of a perfect evening' },
  { id: 'best_trip', question: 'The best trip I have taken' },
  { id: 'green_flag', question: 'A green flag I look for' },
  { id: 'weekend', question: 'How I spend a free Sunday' },
  { id: 'passionate_about', question: 'I could talk for hours about' },
  { id: 'first_date', question: 'The ideal first date' },
  { id: 'never_miss', question: 'Something I never say no to' },
  { id: 'learning', question: 'What I am learning right now' },
] as const;

export type ProfilePromptId = (typeof PROFILE_PROMPTS)[number]['id'];
export const PROFILE_PROMPT_IDS = PROFILE_PROMPTS.map((p) => p.id) as [ProfilePromptId, ...ProfilePromptId[]];

/** How many prompts a member may answer. */
export const PROFILE_PROMPTS_MAX = 3;
/** The longest answer to one prompt (characters, trimmed). */
export const PROMPT_ANSWER_MAX = 200;

export function promptQuestion(id: ProfilePromptId): string {
  return PROFILE_PROMPTS.find((p) => p.id === id)?.question ?? '';
}

/** One answered profile prompt: a question of the fixed list and the member's answer. */
export const profilePromptSchema = z
  .object({
    prompt: z.enum(PROFILE_PROMPT_IDS, { error: 'Please choose a prompt from the list' }),
    answer: z
      .string()
      .trim()
      .min(1, 'Please answer the prompt, or remove it')
      .max(PROMPT_ANSWER_MAX, `An answer can be at most ${PROMPT_ANSWER_MAX} characters`),
  })
  .strict();
export type ProfilePrompt = z.infer<typeof profilePromptSchema>;

export const profilePromptsSchema = z
  .array(profilePromptSchema)
  .max(PROFILE_PROMPTS_MAX, `You can answer up to ${PROFILE_PROMPTS_MAX} prompts`)
  .refine(
    (answers) => new Set(answers.map((a) => a.prompt)).size === answers.length,
    'Each prompt at most once',
  )
  .describe(`Up to ${PROFILE_PROMPTS_MAX} answered prompts, in the order shown`);
