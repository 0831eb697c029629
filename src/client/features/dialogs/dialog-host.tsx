/** Mounts the top dialog of the stack (ARCHITECTURE §8); the dialogs themselves follow. */
export function DialogHost() {
  return null;
}
