import { describe, expect, it } from 'vitest';
import { nameSchema } from './profile';

describe('nameSchema', () => {
  it('says once that a name of white space alone is missing', () => {
    expect(nameSchema.safeParse('   ').error?.issues.map((issue) => issue.message)).toEqual([
      'Please enter your name',
    ]);
  });

  it('trims a name and keeps it as written', () => {
    expect(nameSchema.parse('  Zoë Ana ')).toBe('Zoë Ana');
  });
});
