import { describe, expect, it } from 'vitest';
import {
  ENFORCEMENT_APPEAL_MAX,
  ENFORCEMENT_NOTE_MAX,
  ENFORCEMENT_REASON_LABELS,
  ENFORCEMENT_REASON_TEXT,
  ENFORCEMENT_REASONS,
  enforcementReasonText,
  SUSPENSION_DAYS,
  suspensionEnd,
} from './enforcement';
import {
  accountRestrictionSchema,
  banBodySchema,
  enforcementAppealBodySchema,
  enforcementAppealDecisionSchema,
  liftBodySchema,
  restrictionOf,
  suspendBodySchema,
} from './schemas/enforcement';

describe('enforcement reasons', () => {
  it('each has member-facing plain text and an admin label, and nothing else does', () => {
    expect(Object.keys(ENFORCEMENT_REASON_TEXT).sort()).toEqual([...ENFORCEMENT_REASONS].sort());
    expect(Object.keys(ENFORCEMENT_REASON_LABELS).sort()).toEqual([...ENFORCEMENT_REASONS].sort());
    for (const reason of ENFORCEMENT_REASONS) {
      const text = enforcementReasonText(reason);
      // A sentence a member reads: capitalised, ended, no code or underscore in it.
      expect(text).toMatch(/^[A-Z].*\.$/);
      expect(text).not.toContain('_');
    }
  });

  it('a suspension ends its number of days later', () => {
    const from = new Date('2026-03-01T12:00:00Z');
    expect(suspensionEnd(from, 7).toISOString()).toBe('2026-03-08T12:00:00.000Z');
    expect(SUSPENSION_DAYS).toEqual([1, 3, 7, 30]);
  });
});

describe('enforcement requests', () => {
  it('suspend takes a known reason, a fixed period and a trimmed note', () => {
    expect(suspendBodySchema.parse({ reason_code: 'spam', note: '  links  ', days: 3 })).toEqual({
      reason_code: 'spam',
      note: 'links',
      days: 3,
    });
    for (const bad of [
      { reason_code: 'rude', note: 'x', days: 3 },
      { reason_code: 'spam', note: 'x', days: 2 },
      { reason_code: 'spam', note: '   ', days: 3 },
      { reason_code: 'spam', note: 'x'.repeat(ENFORCEMENT_NOTE_MAX + 1), days: 3 },
    ]) {
      expect(suspendBodySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('ban, lift and the appeal decision have their own fields', () => {
    expect(banBodySchema.safeParse({ reason_code: 'other', note: 'x' }).success).toBe(true);
    expect(banBodySchema.safeParse({ reason_code: 'other' }).success).toBe(false);
    expect(liftBodySchema.safeParse({ note: 'ok' }).success).toBe(true);
    expect(enforcementAppealDecisionSchema.safeParse({ outcome: 'lifted', note: 'ok' }).success).toBe(true);
    expect(enforcementAppealDecisionSchema.safeParse({ outcome: 'approved', note: 'ok' }).success).toBe(
      false,
    );
  });

  it('an appeal is between 10 and the maximum characters after trimming', () => {
    expect(enforcementAppealBodySchema.safeParse({ text: '  ten chars! ' }).success).toBe(true);
    expect(enforcementAppealBodySchema.safeParse({ text: '   short   ' }).success).toBe(false);
    expect(
      enforcementAppealBodySchema.safeParse({ text: 'x'.repeat(ENFORCEMENT_APPEAL_MAX + 1) }).success,
    ).toBe(false);
  });

  it('restrictionOf reads a sign-in refusal’s details, and nothing else', () => {
    const details = {
      kind: 'suspend',
      reason_code: 'spam',
      reason_text: ENFORCEMENT_REASON_TEXT.spam,
      until: '2026-03-08T12:00:00.000Z',
      can_appeal: true,
      appealed: false,
    };
    expect(accountRestrictionSchema.parse(details)).toEqual(details);
    expect(restrictionOf(details)).toEqual(details);
    expect(restrictionOf([{ path: 'email', message: 'Invalid' }])).toBeNull();
    expect(restrictionOf(undefined)).toBeNull();
  });
});
