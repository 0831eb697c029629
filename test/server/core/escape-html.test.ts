import { escapeHtml } from '../../../src/server/core/mail/escape-html';

describe('escapeHtml', () => {
  it('turns every character that can end an element or an attribute into a reference', () => {
    expect(escapeHtml(`<b title="x" data-y='z'>Tom & Jerry</b>`)).toBe(
      '&#60;b title=&#34;x&#34; data-y=&#39;z&#39;&#62;Tom &#38; Jerry&#60;/b&#62;',
    );
  });

  it('leaves plain text as it is', () => {
    expect(escapeHtml('Arsenal v Chelsea: 2.10 at SportyBet')).toBe('Arsenal v Chelsea: 2.10 at SportyBet');
  });
});
