import { describe, expect, it } from 'vitest';
import { heldWordsPattern, reviewFlags } from './review-moderation';

describe('reviewFlags', () => {
  it('lets plain reviews through, versions, dates and file names included', () => {
    for (const text of ['Great app 👍', 'Crashes on 1.0.10 since 29.11.2026', 'Works with node.js and config.yaml', 'Вылетает при запуске', '很好用', 'Rated 5/5, 100% would buy again', '']) {
      expect(reviewFlags(text), text).toEqual([]);
    }
  });

  it('holds links, phone numbers and email addresses', () => {
    expect(reviewFlags('Better app at https://example.org/x')).toEqual(['link']);
    expect(reviewFlags('go to www.cheap-apps.net')).toEqual(['link']);
    expect(reviewFlags('скачай на kino-besplatno.ru, там лучше')).toEqual(['link']);
    expect(reviewFlags('пиши в t.me/spammer')).toEqual(['link']);
    expect(reviewFlags('Call +7 (912) 345-67-89 for a discount')).toEqual(['phone']);
    expect(reviewFlags('微信 138 0013 8000')).toEqual(['phone']);
    expect(reviewFlags('mail me: deals@spam.example.com')).toEqual(['email']);
  });

  it('holds the listed words in any language, English as whole words only', () => {
    expect(reviewFlags('Best CASINO bonus')).toEqual(['word']);
    expect(reviewFlags('Лучшие ставки на спорт')).toEqual(['word']);
    expect(reviewFlags('专业代开发票')).toEqual(['word']);
    // "Scunthorpe" and "bitchin'" style false positives are avoided for English words.
    expect(reviewFlags('Scunthorpe United fans love it')).toEqual([]);
    expect(reviewFlags('a cocktail of features')).toEqual([]);
    expect(reviewFlags('Быстрая доставка и удобные ставки')).toEqual(['word']);
    expect(reviewFlags('Быстрая доставка, спасибо')).toEqual([]);
  });

  it('takes an operator\'s own words too', () => {
    expect(reviewFlags('join my clan', heldWordsPattern(['my clan']))).toEqual(['word']);
    expect(reviewFlags('join my clan')).toEqual([]);
  });
});
