/**
 * Records each flush to disk a test's code makes through `node:fs/promises` (a file handle's
 * `datasync`), as "flushed <path>" in `events`, once the real flush is done. Restore with
 * `mockRestore()` on the returned spy.
 */
import fsPromises from 'node:fs/promises';

export function recordFlushes(events: string[]): jest.SpyInstance {
  const open = fsPromises.open;
  return jest.spyOn(fsPromises, 'open').mockImplementation(async (...args: Parameters<typeof open>) => {
    const handle = await open(...args);
    const datasync = handle.datasync.bind(handle);
    handle.datasync = async () => {
      await datasync();
      events.push(`flushed ${String(args[0])}`);
    };
    return handle;
  });
}
