/**
 * What a store listing's images must be, as AppGallery Connect users know the rules: the
 * icon a square PNG of 216×216 or 1024×1024 pixels up to 3 MB; a screenshot a PNG, JPEG or
 * WebP up to 5 MB, 320 to 3840 pixels a side, its long side at most twice its short one
 * (portrait 450×800 or landscape 800×450 are the usual). The console checks an image as
 * soon as it is uploaded; the server checks again when the listing is saved and submitted.
 */
export const LISTING_IMAGES = Object.freeze({
  icon: Object.freeze({ types: Object.freeze(['image/png']), maxBytes: 3 * 1024 * 1024, sizes: Object.freeze([216, 1024]) }),
  screenshot: Object.freeze({ types: Object.freeze(['image/png', 'image/jpeg', 'image/webp']), maxBytes: 5 * 1024 * 1024, minSide: 320, maxSide: 3840, maxRatio: 2 }),
});

export type ListingImagePlace = keyof typeof LISTING_IMAGES;

/** What is known of an uploaded image: its type by its bytes, and its size in pixels (null when unreadable). */
export interface ImageFacts {
  contentType: string;
  size: number;
  width: number | null;
  height: number | null;
}

/** Why an image does not fit its place; the console says each in the user's language. */
export type ListingImageProblem = 'iconType' | 'iconPixels' | 'screenshotType' | 'screenshotPixels' | 'imageBytes' | 'unreadable';

/** The first rule an image breaks in its place, or null when it fits. */
export function listingImageProblem(place: ListingImagePlace, image: ImageFacts): ListingImageProblem | null {
  const rule = LISTING_IMAGES[place];
  if (!(rule.types as readonly string[]).includes(image.contentType)) return place === 'icon' ? 'iconType' : 'screenshotType';
  if (image.size > rule.maxBytes) return 'imageBytes';
  const { width, height } = image;
  if (width === null || height === null || width <= 0 || height <= 0) return 'unreadable';
  if (place === 'icon') return width === height && LISTING_IMAGES.icon.sizes.includes(width) ? null : 'iconPixels';
  const { minSide, maxSide, maxRatio } = LISTING_IMAGES.screenshot;
  const short = Math.min(width, height);
  const long = Math.max(width, height);
  return short >= minSide && long <= maxSide && long <= short * maxRatio ? null : 'screenshotPixels';
}
