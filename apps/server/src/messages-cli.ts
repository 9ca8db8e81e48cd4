import { writeFileSync } from 'node:fs';
import { ConfigError, loadConfig } from './config';
import { createDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { formatMessageKeys, newMessageKey, parseMessageKeys } from './lib/message-crypto';
import { reencryptMessages } from './modules/messaging';

// Key rotation for messages encrypted at rest (`npm run messages:keys -- <command>`):
//
//   rotate     makes a new key the current one and re-encrypts every message with it. With the
//              generated key file (the zero-config default) the file is rewritten; with MESSAGE_KEYS
//              the new ring is printed, to be set on every instance before running `reencrypt`.
//   reencrypt  re-encrypts every message not under the current key (after MESSAGE_KEYS changed).
//
// Old keys stay in the ring until `reencrypt` reports 0 left: drop them only after that.

async function main(command: string | undefined) {
  if (command !== 'rotate' && command !== 'reencrypt') {
    console.error('usage: messages:keys -- rotate | reencrypt');
    process.exit(2);
  }
  let config = loadConfig();
  if (command === 'rotate') {
    const ring = [newMessageKey(), ...[...config.messageKeys.keys].map(([id, key]) => ({ id, key }))];
    const text = formatMessageKeys(ring);
    if (!config.messageKeysFile) {
      console.log(
        `New key ring (the first key is current). Set it as MESSAGE_KEYS on every instance, restart them, then run \`reencrypt\`:\n\nMESSAGE_KEYS=${ring
          .map((k) => `${k.id}:${k.key.toString('base64')}`)
          .join(',')}\n`,
      );
      return;
    }
    writeFileSync(config.messageKeysFile, text, { mode: 0o600 });
    config = { ...config, messageKeys: parseMessageKeys(text) };
    console.log(`New current key ${config.messageKeys.current.id} written to ${config.messageKeysFile}.`);
    console.log('Restart running servers so they encrypt with it.');
  }
  const handle = await createDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: `${config.dataDir}/db` },
  );
  try {
    await migrateDatabase(handle);
    const { reencrypted, unreadable } = await reencryptMessages({
      db: handle.db,
      messageKeys: config.messageKeys,
    });
    console.log(`Re-encrypted ${reencrypted} messages with key ${config.messageKeys.current.id}.`);
    if (unreadable.length > 0) {
      console.error(
        `${unreadable.length} messages could not be decrypted and were left as they are: ${unreadable.join(', ')}`,
      );
      process.exitCode = 1;
    }
  } finally {
    await handle.close();
  }
}

main(process.argv[2]).catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
