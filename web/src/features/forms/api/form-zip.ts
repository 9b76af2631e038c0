import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /v1/formview/{id}/zip: the form (schema and draft) as a zip, read as bytes. */
export async function exportZip(api: ApiClient, id: string): Promise<Blob> {
  // The document types the file as a string; the client hands back its bytes as a Blob.
  const zip: unknown = await call(api, 'GET', '/v1/formview/{id}/zip', {
    path: { id },
    responseType: 'blob',
  });
  return zip as Blob;
}

/** POST /v1/formview/{id}/zip: the zip as a multipart file part; replaces the view's draft and fields. */
export function importZip(api: ApiClient, id: string, file: File) {
  const body = new FormData();
  body.append('file', file, file.name);
  // The document names the media types (zip, multipart) but no body schema, so `body` is not
  // typed; FormData goes out as multipart/form-data (the client leaves its Content-Type to fetch).
  const options = { path: { id }, body } as unknown as { path: { id: string } };
  return call(api, 'POST', '/v1/formview/{id}/zip', options);
}

export function useImportZip() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => importZip(api, id, file),
    onSuccess: (view) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.forms.view(view.id) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.forms.schema(view.formSchemaId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.forms.versions(view.id) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.forms.views }),
      ]),
  });
}

/** Saves `blob` under `name` through the browser's download. */
export function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
