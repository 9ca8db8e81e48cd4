import { describe, expect, it } from 'vitest';
import { PROFILE_PROMPT_IDS, PROFILE_PROMPTS, profilePromptsSchema, promptQuestion } from './prompts';

const answer = (prompt: string) => ({ prompt, answer: 'Yes.' });

describe('profile prompts', () => {
  it('are a fixed list of eight questions with unique ids', () => {
    expect(PROFILE_PROMPTS).toHaveLength(8);
    expect(new Set(PROFILE_PROMPT_IDS).size).toBe(8);
    expect(promptQuestion('best_trip')).toBe('The best trip I have taken');
  });

  it('take up to three, each once, from the list', () => {
    expect(profilePromptsSchema.safeParse([]).success).toBe(true);
    expect(profilePromptsSchema.safeParse(PROFILE_PROMPT_IDS.slice(0, 3).map(answer)).success).toBe(true);
    expect(profilePromptsSchema.safeParse(PROFILE_PROMPT_IDS.slice(0, 4).map(answer)).success).toBe(false);
    expect(profilePromptsSchema.safeParse([answer('best_trip'), answer('best_trip')]).success).toBe(false);
    expect(profilePromptsSchema.safeParse([answer('favourite_colour')]).success).toBe(false);
  });
});
