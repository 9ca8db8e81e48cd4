import { describe, expect, it } from 'vitest';
import { createDropLedger } from './drop-ledger';

describe('the drop ledger', () => {
  it('lets a read keep what it read unless its member was dropped after it began', () => {
    const drops = createDropLedger(100);
    drops.drop(['ada']);
    const mark = drops.mark();
    // Dropped before the read began: what it reads is after the change.
    expect(drops.mayKeep('ada', mark)).toBe(true);
    drops.drop(['bea']);
    expect(drops.mayKeep('bea', mark)).toBe(false);
    expect(drops.mayKeep('ada', mark)).toBe(true);
    expect(drops.mayKeep('bea', drops.mark())).toBe(true);
  });

  it('once it has forgotten who was dropped when, keeps no read that began before', () => {
    const drops = createDropLedger(2);
    const mark = drops.mark();
    drops.drop(['ada', 'bea']);
    drops.drop(['cleo']);
    // The ledger was full and cleared: nobody read before then may keep, dropped or not.
    expect(drops.mayKeep('dora', mark)).toBe(false);
    expect(drops.mayKeep('dora', drops.mark())).toBe(true);
  });
});
