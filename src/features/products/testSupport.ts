import { File as NodeFile } from 'node:buffer';
import { http, HttpResponse } from 'msw';
import { getConfig } from '../../config/env';
import { API, server } from '../../testing/server';

/**
 * jest-fixed-jsdom hands out Node's FormData and Blob but leaves jsdom's File, which Node's
 * FormData flattens to the text "[object File]". Tests build files with Node's File instead,
 * as a browser's File and FormData belong together.
 */
export function withNodeFile(): void {
  const jsdomFile = globalThis.File;
  beforeAll(() => {
    globalThis.File = NodeFile as unknown as typeof File;
  });
  afterAll(() => {
    globalThis.File = jsdomFile;
  });
}

export interface RecordedUpload {
  url: URL;
  authorization: string | null;
  field: string | null;
  fileName: string | null;
  fileType: string | null;
}

export interface RecordedPost {
  body: unknown;
  authorization: string | null;
}

export const uploadedUrl = 'http://127.0.0.1:5000/image-host/i/abc123.png';

/** The image host and POST /products as msw handlers that keep what they were sent. */
export function recordProductCalls(upload: () => Response | Promise<Response> = () => HttpResponse.json({ success: true, status: 200, data: { url: uploadedUrl } })) {
  const uploads: RecordedUpload[] = [];
  const posts: RecordedPost[] = [];
  server.use(
    http.post(getConfig().imageHostUrl, async ({ request }) => {
      const form = await request.formData();
      const image = form.get('image');
      uploads.push({
        url: new URL(request.url),
        authorization: request.headers.get('authorization'),
        field: image === null ? null : 'image',
        fileName: image instanceof Blob ? (image as File).name : null,
        fileType: image instanceof Blob ? image.type : null,
      });
      return upload();
    }),
    http.post(`${API}/products`, async ({ request }) => {
      posts.push({ body: await request.json(), authorization: request.headers.get('authorization') });
      return HttpResponse.json({ acknowledged: true, insertedId: 'p-new' });
    }),
  );
  return { uploads, posts };
}
