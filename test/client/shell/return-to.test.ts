/**
 * Links survive login (docs/product.md#states): the kept address is a path of this site only, is
 * taken once, and names what the link was for.
 */
import {
  forgetReturnTo,
  peekReturnTo,
  rememberReturnTo,
  returnToReason,
  takeReturnTo,
} from '../../../src/client/lib/return-to';

afterEach(() => window.sessionStorage.clear());

describe('the kept address', () => {
  it('keeps a path with its query and hands it over once', () => {
    rememberReturnTo('/match/evt_0123456789abcdef?ref=shared');
    expect(peekReturnTo()).toBe('/match/evt_0123456789abcdef?ref=shared');
    expect(takeReturnTo()).toBe('/match/evt_0123456789abcdef?ref=shared');
    expect(takeReturnTo()).toBe('/dashboard');
  });

  it.each(['//evil.example/x', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', 'match/1'])(
    'never keeps %p (another site or not a path)',
    (path) => {
      rememberReturnTo(path);
      expect(peekReturnTo()).toBeNull();
    },
  );

  it('ignores a tampered stored value', () => {
    window.sessionStorage.setItem('return-to', '//evil.example');
    expect(takeReturnTo()).toBe('/dashboard');
  });

  it('is forgotten on request', () => {
    rememberReturnTo('/drops');
    forgetReturnTo();
    expect(peekReturnTo()).toBeNull();
  });

  it('names what the link was for', () => {
    expect(returnToReason('/slip?legs=evt_1~1~1~2~2.1')).toBe('Log in to open this slip');
    expect(returnToReason('/match/evt_0123456789abcdef')).toBe('Log in to open this match');
    expect(returnToReason('/drops?hours=6')).toBe('Log in to open this page');
    expect(returnToReason(null)).toBeNull();
  });
});
