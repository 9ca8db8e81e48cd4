import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { signedInMember } from '../../../test/factories';
import { plainJpeg } from '../../../test/image-corpus';
import { uploadAs } from '../../../test/uploads';
import { photos } from '../../db/schema';
import { moderatePendingPhotos } from './job';

const off = useTestApp(
  { photoAutoApprove: false },
  { build: { classifier: { name: 'always-safe', safeProbability: async () => 0.99 } } },
);

describe('auto-approval switched off', () => {
  it('scores every photo but leaves each for an admin', async () => {
    const owner = await signedInMember(off.app);
    const res = await uploadAs(off.app, owner.session, await plainJpeg(200, 200));
    await moderatePendingPhotos(off.app.ctx);
    const [row] = await off.app.ctx.db.select().from(photos).where(eq(photos.id, res.json().id));
    expect(row).toMatchObject({ status: 'pending' });
    expect(row?.aiConfidenceScore).toBeCloseTo(0.99, 5);
  });
});
