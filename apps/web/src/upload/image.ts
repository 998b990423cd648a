import { useMutation } from '@tanstack/react-query';
import { fileApi } from '@wharf/contract';
import { callEndpoint } from '../request/call';

/** An image (a listing's icon or screenshot, an immersive banner), uploaded as the request body; answers its object id. */
export function useUploadImage() {
  return useMutation({
    mutationFn: async (file: File) =>
      (await callEndpoint(fileApi.uploadObject, { query: { fileName: file.name, contentType: file.type || 'application/octet-stream', bizTag: 'img' }, body: file as never })).object.objectId,
  });
}
