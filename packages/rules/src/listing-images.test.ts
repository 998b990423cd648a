import { describe, expect, it } from 'vitest';
import { LISTING_IMAGES, listingImageProblem, type ImageFacts } from './listing-images';

const png = (width: number | null, height: number | null, size = 10_000): ImageFacts => ({ contentType: 'image/png', size, width, height });

describe('listing images', () => {
  it('takes a square PNG icon of 216 or 1024 pixels, nothing else', () => {
    expect(listingImageProblem('icon', png(216, 216))).toBeNull();
    expect(listingImageProblem('icon', png(1024, 1024))).toBeNull();
    expect(listingImageProblem('icon', png(64, 64))).toBe('iconPixels');
    expect(listingImageProblem('icon', png(512, 512))).toBe('iconPixels');
    expect(listingImageProblem('icon', png(216, 1024))).toBe('iconPixels');
    expect(listingImageProblem('icon', { ...png(216, 216), contentType: 'image/jpeg' })).toBe('iconType');
    expect(listingImageProblem('icon', png(216, 216, LISTING_IMAGES.icon.maxBytes + 1))).toBe('imageBytes');
    expect(listingImageProblem('icon', png(null, null))).toBe('unreadable');
  });

  it('takes screenshots of 320 to 3840 pixels a side, the long side at most twice the short', () => {
    expect(listingImageProblem('screenshot', png(450, 800))).toBeNull();
    expect(listingImageProblem('screenshot', png(800, 450))).toBeNull();
    expect(listingImageProblem('screenshot', { ...png(1080, 1920), contentType: 'image/webp' })).toBeNull();
    expect(listingImageProblem('screenshot', png(320, 640))).toBeNull();
    expect(listingImageProblem('screenshot', png(319, 600))).toBe('screenshotPixels');
    expect(listingImageProblem('screenshot', png(320, 641))).toBe('screenshotPixels');
    expect(listingImageProblem('screenshot', png(2000, 3841))).toBe('screenshotPixels');
    expect(listingImageProblem('screenshot', { ...png(450, 800), contentType: 'image/gif' })).toBe('screenshotType');
    expect(listingImageProblem('screenshot', png(450, 800, LISTING_IMAGES.screenshot.maxBytes + 1))).toBe('imageBytes');
    expect(listingImageProblem('screenshot', png(0, 800))).toBe('unreadable');
  });
});
