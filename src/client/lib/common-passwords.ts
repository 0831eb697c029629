/**
 * The client's common-password check. The list is a chunk of its own
 * (`common-passwords.data.ts`, about 30 KB gzipped), loaded when a new-password field is first
 * edited, so the first load of `/` does not grow. Until it has arrived only the one-character rule
 * applies here, and the server's VALIDATION_ERROR says the rest.
 */
import { commonPasswordMessage } from '@shared/validation';

let list: ReadonlySet<string> | null = null;
let loading: Promise<ReadonlySet<string> | null> | null = null;

/** Starts loading the list once (again after a failure); resolves with it, or null when it failed. */
export function loadCommonPasswords(): Promise<ReadonlySet<string> | null> {
  loading ??= import(/* webpackChunkName: "common-passwords" */ './common-passwords.data').then(
    (module) => (list = new Set(module.COMMON_PASSWORDS.split(','))),
    () => {
      loading = null;
      return null;
    },
  );
  return loading;
}

/** 'This password is too common. Please choose another.' when it is, as far as the client knows. */
export function tooCommon(password: string): string | null {
  return commonPasswordMessage(password, list);
}
