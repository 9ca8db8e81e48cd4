import { describe, expect, it } from 'vitest';
import { BIO_MAX, BIO_MIN } from '../limits';
import { BIO_EXAMPLES, memberBioSchema, nameSchema } from './profile';

describe('nameSchema', () => {
  it('says once that a name of white space alone is missing', () => {
    expect(nameSchema.safeParse('   ').error?.issues.map((issue) => issue.message)).toEqual([
      'Please enter your name',
    ]);
  });

  it('accepts names as they are written, in every script we checked', () => {
    const names = [
      'محمد',
      'عائشہ',
      'مریم\u200cسادات',
      'שָׂרָה',
      'प्रिया',
      'र्\u200dया',
      'রায়ান',
      'কার্তিক',
      'அவன்',
      'അനു',
      'അവന്\u200d',
      'ശ്രീ',
      'ಕಾವ್ಯ',
      'శ్రీ',
      'પ્રિયા',
      'ਹਰਪ੍ਰੀਤ',
      'ଲିପି',
      'ไพลิน',
      'ສົມ',
      'សុខា',
      'မျှော်',
      'བཀྲ་ཤིས',
      'ᠨᠠ\u180eᠠ',
      '김민지',
      'さくら',
      '王小明',
      '葛\u{e0100}城',
      'አበበ',
      'ნინო',
      'Անի',
      'ܡܪܝܡ',
      'އަހުމަދު',
      'ߒߞߏ',
      'ꆈꌠ',
      'Ἀθηνᾶ',
      'Zoë',
      'Nguyễn',
      'José María',
      "Mary-Jane O'Neil",
      '\u{1f469}\u{1f3fd}\u200d\u{1f4bb} Ana',
    ];
    expect(names.filter((name) => !nameSchema.safeParse(name).success)).toEqual([]);
  });

  it('trims a name and keeps it as written', () => {
    expect(nameSchema.parse('  Zoë Ana ')).toBe('Zoë Ana');
  });
});

describe('onboarding bio', () => {
  it('needs BIO_MIN characters after trimming, at most BIO_MAX', () => {
    expect(BIO_MIN).toBe(30);
    expect(memberBioSchema.safeParse(`  ${'a'.repeat(BIO_MIN - 1)}  `).success).toBe(false);
    expect(memberBioSchema.parse(`  ${'a'.repeat(BIO_MIN)}  `)).toBe('a'.repeat(BIO_MIN));
    expect(memberBioSchema.safeParse('a'.repeat(BIO_MAX + 1)).success).toBe(false);
    for (const example of BIO_EXAMPLES) expect(memberBioSchema.safeParse(example).success).toBe(true);
  });
});
