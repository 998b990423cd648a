import { useMutation } from '@tanstack/react-query';
import { fileApi, type FileObject } from '@wharf/contract';
import { LISTING_IMAGES, listingImageProblem, type ListingImagePlace, type ListingImageProblem } from '@wharf/rules';
import { callEndpoint } from '../request/call';

const uploadImage = async (file: File): Promise<FileObject> =>
  (await callEndpoint(fileApi.uploadObject, { query: { fileName: file.name, contentType: file.type || 'application/octet-stream', bizTag: 'img' }, body: file as never })).object;

/** An image (an immersive banner), uploaded as the request body; answers its object id. */
export function useUploadImage() {
  return useMutation({ mutationFn: async (file: File) => (await uploadImage(file)).objectId });
}

/** An uploaded image that does not fit its place in a listing: why, with the file's name. */
export class ImageRefused extends Error {
  constructor(
    readonly problem: ListingImageProblem,
    readonly fileName: string,
  ) {
    super(problem);
    this.name = 'ImageRefused';
  }
}

/**
 * A listing's icon or screenshot: uploaded, then judged by the store's rules on the type
 * and size in pixels the server read from its bytes. One that does not fit is deleted
 * again and fails with ImageRefused, so the form says why beside its upload control.
 */
export function useUploadListingImage(place: ListingImagePlace) {
  return useMutation({
    mutationFn: async (file: File) => {
      // Too large, or of a type the place does not take: known before a byte is sent.
      const rule = LISTING_IMAGES[place];
      if (file.size > rule.maxBytes) throw new ImageRefused('imageBytes', file.name);
      if (file.type && !(rule.types as readonly string[]).includes(file.type)) throw new ImageRefused(place === 'icon' ? 'iconType' : 'screenshotType', file.name);
      const object = await uploadImage(file);
      const problem = listingImageProblem(place, { contentType: object.contentType, size: object.size, width: object.width ?? null, height: object.height ?? null });
      if (!problem) return object.objectId;
      // Not kept: nothing refers to it (a failure to delete leaves it to the team's file list).
      await callEndpoint(fileApi.deleteObjects, { body: { objectIds: [object.objectId] } }).catch(() => undefined);
      throw new ImageRefused(problem, file.name);
    },
  });
}
