import { badRequest } from './errors';

export interface UploadedFile {
  name: string;
  type: string;
  bytes: Buffer;
}

/**
 * Parses a multipart/form-data body with the platform's own parser (the Fetch API's
 * Response.formData), returning text fields and files separately.
 */
export async function parseMultipart(
  body: Buffer,
  contentType: string,
): Promise<{ fields: URLSearchParams; files: Map<string, UploadedFile> }> {
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw badRequest('The multipart body could not be parsed');
  }
  const fields = new URLSearchParams();
  const files = new Map<string, UploadedFile>();
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') fields.append(name, value);
    else files.set(name, { name: value.name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) });
  }
  return { fields, files };
}
