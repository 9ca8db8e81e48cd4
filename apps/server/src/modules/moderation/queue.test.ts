import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/app';
import { signedInMember } from '../../../test/factories';
import { plainJpeg } from '../../../test/image-corpus';
import { uploadAs } from '../../../test/uploads';
import { photos } from '../../db/schema';

describe('moderation on the job queue', () => {
  it('an upload queues a pg-boss run that scores and approves the photo while the reply has long gone', async () => {
    const started = await startTestApp(
      {},
      { jobs: true, classifier: { name: 'always-safe', safeProbability: async () => 0.96 } },
    );
    try {
      const { app } = started;
      const owner = await signedInMember(app);
      const res = await uploadAs(app, owner.session, await plainJpeg(240, 300));
      // The reply does not wait for moderation.
      expect(res.json()).toMatchObject({ status: 'pending' });
      const id = res.json().id as string;
      const deadline = Date.now() + 15_000;
      let status = 'pending';
      while (status === 'pending' && Date.now() < deadline) {
        await new Promise((done) => setTimeout(done, 200));
        const [row] = await app.ctx.db
          .select({ status: photos.status })
          .from(photos)
          .where(eq(photos.id, id));
        status = row?.status ?? 'missing';
      }
      expect(status).toBe('approved');
    } finally {
      await started.dispose();
    }
  }, 30_000);
});
