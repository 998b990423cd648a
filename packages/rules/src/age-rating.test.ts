import { describe, expect, it } from 'vitest';
import { ageRatings, NO_CONTENT } from './age-rating';

const labels = (r: ReturnType<typeof ageRatings>) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v.label]));

describe('ageRatings', () => {
  it('gives the youngest class to an app with none of it, interactive elements included', () => {
    expect(labels(ageRatings({ ...NO_CONTENT, userInteraction: true, purchases: true, locationSharing: true }))).toEqual({ pegi: 'PEGI 3', esrb: 'E', usk: 'USK 0', ru: '0+', generic: '3+' });
  });

  it('rates realistic violence against humans PEGI 16, USK 16, ESRB M and 16+ (the issue\'s example)', () => {
    const r = ageRatings({ ...NO_CONTENT, violence: 'realistic' });
    expect(labels(r)).toEqual({ pegi: 'PEGI 16', esrb: 'M', usk: 'USK 16', ru: '16+', generic: '16+' });
    expect(r.pegi.because).toEqual(['violence']);
  });

  it('follows each authority where they differ', () => {
    // Cartoon violence: PEGI 7 and USK 6, but E for the ESRB.
    expect(labels(ageRatings({ ...NO_CONTENT, violence: 'cartoon' }))).toEqual({ pegi: 'PEGI 7', esrb: 'E', usk: 'USK 6', ru: '6+', generic: '7+' });
    // Mild swearing: 16+ under Russian law (any swearing), PEGI 12.
    expect(labels(ageRatings({ ...NO_CONTENT, language: 'mild' }))).toMatchObject({ pegi: 'PEGI 12', ru: '16+', generic: '16+' });
    // Real-money gambling is adults only everywhere.
    expect(labels(ageRatings({ ...NO_CONTENT, gambling: 'realMoney' }))).toEqual({ pegi: 'PEGI 18', esrb: 'AO', usk: 'USK 18', ru: '18+', generic: '18+' });
  });

  it('takes the strictest answer and names every question that set it', () => {
    const r = ageRatings({ ...NO_CONTENT, violence: 'fantasy', language: 'mild', fear: 'mild' });
    expect(r.pegi).toEqual({ label: 'PEGI 12', age: 12, because: ['violence', 'language'] });
  });
});
