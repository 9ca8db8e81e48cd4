import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { AppContext } from '../../context';
import {
  blocksBy,
  matchesOf,
  messagesOf,
  photosOf,
  profileOf,
  reportsFiledBy,
  sessionsOf,
  settingsOf,
  subscriptionsOf,
  supportRequestsOf,
  swipesOf,
  verificationOf,
  walletHistoryOf,
  walletOf,
} from './contents';

// The archive of Export My Data (decision 051), streamed: yazl writes each entry to the file as it is
// read, the long lists come from the database a page at a time, and photos come from storage as
// streams, so no archive is ever held whole in memory.

type Ctx = Pick<AppContext, 'db' | 'messageKeys' | 'log' | 'storage'>;

export const README = `Royal Circle — your data export

This archive holds what Royal Circle keeps about you. Times are UTC (ISO 8601); amounts of money
are in cents. Other members appear only by their id and name, as you saw them in the app.

README.txt            this file
profile.json          your account (name, e-mail, sign-up date), your profile as you filled it in
                      (birth date, the location you set, preferences, prompts…), your roles, and the
                      list of your photos with their moderation state
settings.json         your safety and privacy settings, notification choices and emergency contact
photos/               your photos, the largest size we store (metadata was removed at upload)
swipes.json           the likes, passes and super likes you gave
matches.json          your matches: the other member's id and name, status and dates
messages.json         the messages you sent and received, as you read them in the app
wallet.json           your wallet balance, your wallet history (every movement of your money),
                      the transfers you sent and received and your withdrawals
subscriptions.json    your tier plans, boosts and sponsorships
reports.json          the reports you filed (reports about you are not included)
blocks.json           the members you blocked
verification.json     your verification requests (status and dates; ID images are never exported)
                      and your acceptance of the terms and privacy policy
sessions.json         your sign-in sessions: when they began, were last used and expire, with the
                      address and browser we recorded
support_requests.json what you asked the Royal Circle team

This archive was made for you alone: keep it private. The download link expires 24 hours after the
archive was ready, and the archive is then deleted from our servers.
`;

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);

/** A JSON array written as its pages arrive (`[`, items separated by commas, `]`). */
function jsonArrayStream(pages: AsyncIterable<unknown[]>): Readable {
  return Readable.from(
    (async function* () {
      let first = true;
      yield '[';
      for await (const page of pages) {
        for (const item of page) {
          yield `${first ? '\n' : ',\n'}  ${JSON.stringify(item)}`;
          first = false;
        }
      }
      yield first ? ']\n' : '\n]\n';
    })(),
  );
}

/** A JSON object whose one long list is streamed: `{ ...head, [key]: [ …pages ] }`. */
function jsonWithStreamedList(head: Record<string, unknown>, key: string, pages: AsyncIterable<unknown[]>) {
  const opening = JSON.stringify(head, null, 2).replace(/\n}$/, '');
  return Readable.from(
    (async function* () {
      yield `${opening}${Object.keys(head).length > 0 ? ',' : ''}\n  ${JSON.stringify(key)}: `;
      for await (const chunk of jsonArrayStream(pages)) yield String(chunk).replace(/\n$/, '');
      yield '\n}\n';
    })(),
  );
}

/** Adds a lazily opened stream: the entry's source is made only when yazl reaches it. */
function addLazy(zip: ZipFile, name: string, open: () => Promise<NodeJS.ReadableStream>) {
  zip.addReadStreamLazy(name, (done) => {
    open().then(
      (stream) => done(null, stream),
      (error: unknown) => done(error, Readable.from([])),
    );
  });
}

/**
 * Writes the member's archive to `path`. Returns false (and writes nothing useful) when the member is
 * gone. Resolves once the file is complete; rejects on any read or write error.
 */
export async function writeArchive(ctx: Ctx, userId: string, path: string): Promise<boolean> {
  const profile = await profileOf(ctx, userId);
  if (!profile) return false;
  const photoRows = await photosOf(ctx, userId);
  const photoFiles = photoRows.map((p) => ({ ...p, file: `photos/${p.position + 1}-${p.id}.webp` }));

  const zip = new ZipFile();
  const done = new Promise<void>((resolve, reject) => {
    const out = createWriteStream(path, { mode: 0o600 });
    const fail = (error: unknown) => {
      out.destroy();
      reject(error);
    };
    zip.on('error', fail);
    zip.outputStream.on('error', fail);
    out.on('error', fail);
    out.on('finish', () => resolve());
    zip.outputStream.pipe(out);
  });

  zip.addBuffer(Buffer.from(README), 'README.txt');
  zip.addBuffer(
    json({
      ...profile,
      photos: photoFiles.map((p) => ({
        file: p.file,
        position: p.position,
        width: p.width,
        height: p.height,
        status: p.status,
        rejection_reason: p.rejectionReason,
        appeal_status: p.appealStatus,
        appeal_reason: p.appealReason,
        uploaded_at: p.createdAt.toISOString(),
      })),
    }),
    'profile.json',
  );
  addLazy(zip, 'settings.json', async () => Readable.from([json(await settingsOf(ctx, userId))]));
  for (const photo of photoFiles) {
    addLazy(zip, photo.file, async () => {
      const object = await ctx.storage.getStream(photo.keyLarge);
      if (object) return object.stream;
      ctx.log.warn({ photoId: photo.id }, 'a photo of a data export is missing from storage');
      return Readable.from([]);
    });
  }
  addLazy(zip, 'swipes.json', async () => jsonArrayStream(swipesOf(ctx, userId)));
  addLazy(zip, 'matches.json', async () => Readable.from([json(await matchesOf(ctx, userId))]));
  addLazy(zip, 'messages.json', async () => jsonArrayStream(messagesOf(ctx, userId)));
  addLazy(zip, 'wallet.json', async () =>
    jsonWithStreamedList(await walletOf(ctx, userId), 'history', walletHistoryOf(ctx, userId)),
  );
  addLazy(zip, 'subscriptions.json', async () => Readable.from([json(await subscriptionsOf(ctx, userId))]));
  addLazy(zip, 'reports.json', async () => Readable.from([json(await reportsFiledBy(ctx, userId))]));
  addLazy(zip, 'blocks.json', async () => Readable.from([json(await blocksBy(ctx, userId))]));
  addLazy(zip, 'verification.json', async () => Readable.from([json(await verificationOf(ctx, userId))]));
  addLazy(zip, 'sessions.json', async () => Readable.from([json(await sessionsOf(ctx, userId))]));
  addLazy(zip, 'support_requests.json', async () =>
    Readable.from([json(await supportRequestsOf(ctx, userId))]),
  );
  zip.end();
  await done;
  return true;
}
