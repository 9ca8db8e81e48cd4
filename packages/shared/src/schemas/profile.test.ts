import { describe, expect, it } from 'vitest';
import {
  COMPENSATION_FROM_SETTINGS_PAGE,
  COMPENSATION_PREFERENCES,
  LOOKING_FOR,
  LOOKING_FOR_FROM_SETTINGS_PAGE,
} from '../enums';
import { AGE_MAX, AGE_MIN, BIO_MAX, BIO_MIN, DISTANCE_MAX, DISTANCE_MIN } from '../limits';
import {
  BIO_EXAMPLES,
  datingPreferencesSchema,
  memberBioSchema,
  nameSchema,
  PREFERENCE_TEXTS,
  profileUpdateSchema,
} from './profile';

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

describe('dating preferences', () => {
  const messages = (body: unknown) =>
    profileUpdateSchema.safeParse(body).error?.issues.map((issue) => issue.message) ?? [];

  it.each([
    [[17, 30], PREFERENCE_TEXTS.ageMinTooLow],
    [[66, 66], PREFERENCE_TEXTS.ageMinTooHigh],
    [[21, 66], PREFERENCE_TEXTS.ageMaxTooHigh],
    [[40, 30], PREFERENCE_TEXTS.ageMinAboveMax],
    [[21.5, 30], PREFERENCE_TEXTS.ageWhole],
  ])('refuses the age range %j: %s', (age_range, message) => {
    expect(messages({ age_range })).toContain(message);
  });

  it('takes the bounds themselves', () => {
    expect(profileUpdateSchema.parse({ age_range: [AGE_MIN, AGE_MAX] }).age_range).toEqual([
      AGE_MIN,
      AGE_MAX,
    ]);
    expect(profileUpdateSchema.parse({ distance_preference: DISTANCE_MIN }).distance_preference).toBe(5);
    expect(profileUpdateSchema.parse({ distance_preference: DISTANCE_MAX }).distance_preference).toBe(100);
  });

  it.each([
    [0, PREFERENCE_TEXTS.distance],
    [105, PREFERENCE_TEXTS.distance],
    [27, PREFERENCE_TEXTS.distanceStep],
  ])('refuses a distance of %j miles: %s', (distance_preference, message) => {
    expect(messages({ distance_preference })).toContain(message);
  });

  it('are the Settings page’s fields with Edit Profile’s rules', () => {
    expect(Object.keys(datingPreferencesSchema.shape).sort()).toEqual([
      'age_range',
      'compensation_preference',
      'discretion_required',
      'distance_preference',
      'looking_for',
      'travel_willing',
    ]);
  });
});

describe('the Settings page’s words (decision 048)', () => {
  it('map every word to a stored value', () => {
    for (const stored of Object.values(LOOKING_FOR_FROM_SETTINGS_PAGE)) expect(LOOKING_FOR).toContain(stored);
    for (const stored of Object.values(COMPENSATION_FROM_SETTINGS_PAGE))
      expect(COMPENSATION_PREFERENCES).toContain(stored);
  });

  it.each([
    ['serious', 'long_term'],
    ['casual', 'short_term'],
    ['friends', 'uncomplicated'],
    ['luxury_experiences', 'luxury_experiences'],
  ])('store looking_for %s as %s', (word, stored) => {
    expect(profileUpdateSchema.parse({ looking_for: word }).looking_for).toBe(stored);
  });

  it.each([
    ['mutual_benefit', 'allowances'],
    ['experiences', 'treat_me_right'],
    ['no_expectations', 'custom'],
    ['pay_per_meet', 'pay_per_meet'],
  ])('store compensation_preference %s as %s', (word, stored) => {
    expect(profileUpdateSchema.parse({ compensation_preference: word }).compensation_preference).toBe(stored);
  });

  it('refuse any other word', () => {
    expect(profileUpdateSchema.safeParse({ looking_for: 'marriage' }).success).toBe(false);
  });
});
