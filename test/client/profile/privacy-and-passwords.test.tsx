/**
 * /privacy states the Nigeria Data Protection Act 2023 rights and how to use them; the client's
 * common-password list is the generator's output from @zxcvbn-ts/language-common (at least the
 * top 10,000 entries, only those the length rule does not already refuse).
 */
import { screen } from '@testing-library/react';
import { dictionary } from '@zxcvbn-ts/language-common';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PrivacyPage } from '../../../src/client/features/public/privacy-page';
import { COMMON_PASSWORDS } from '../../../src/client/lib/common-passwords.data';
import { loadCommonPasswords, tooCommon } from '../../../src/client/lib/common-passwords';
import { commonPasswordsSource, DATA_FILE, TOP_ENTRIES } from '../../../scripts/lib/common-passwords-source';
import { renderWithProviders } from '../support/render';

describe('/privacy', () => {
  it('states the NDPA 2023 rights and how to use each in the app', () => {
    renderWithProviders(<PrivacyPage />);
    const heading = screen.getByRole('heading', { name: /Nigeria Data Protection Act 2023/ });
    const list = heading.nextElementSibling?.nextElementSibling as HTMLElement;
    for (const right of ['Access', 'Rectification', 'Erasure', 'Portability', 'Objection']) {
      expect(list).toHaveTextContent(right);
    }
    expect(list).toHaveTextContent('Download my data');
    expect(list).toHaveTextContent('Delete account');
    expect(screen.getByRole('link', { name: 'profile' })).toHaveAttribute('href', '/profile');
  });
});

describe("the client's common-password list", () => {
  it('is the generated file, unchanged', () => {
    expect(readFileSync(path.join(__dirname, '../../..', DATA_FILE), 'utf8')).toBe(commonPasswordsSource());
  });

  it('holds every entry of the top 10,000 that a password of 8+ characters could be', () => {
    expect(TOP_ENTRIES).toBeGreaterThanOrEqual(10_000);
    const held = new Set(COMMON_PASSWORDS.split(','));
    const top = (dictionary.passwords as string[]).slice(0, 10_000).filter((p) => p.length >= 8);
    expect(top.length).toBeGreaterThan(3000);
    expect(top.filter((p) => !held.has(p))).toEqual([]);
  });

  it('refuses listed passwords ignoring case, and one repeated character, once loaded', async () => {
    expect(tooCommon('aaaaaaaa')).toBe('This password is too common. Please choose another.');
    await loadCommonPasswords();
    expect(tooCommon('PassWord1')).toBe('This password is too common. Please choose another.');
    expect(tooCommon('kettle-on-the-hob')).toBeNull();
  });
});
