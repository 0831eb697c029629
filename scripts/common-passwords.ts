/**
 * Writes src/client/lib/common-passwords.data.ts (see scripts/lib/common-passwords-source.ts).
 * The client loads it as a chunk of its own when a new-password field is first edited.
 *
 *   node --import tsx scripts/common-passwords.ts
 */
import { writeFileSync } from 'node:fs';
import { commonPasswordsSource, DATA_FILE } from './lib/common-passwords-source';

writeFileSync(DATA_FILE, commonPasswordsSource());
console.log(`wrote ${DATA_FILE}`);
