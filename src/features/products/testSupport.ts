import { File as NodeFile } from 'node:buffer';
import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Category, Earnings } from '../../types/entities';
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
export function recordProductCalls(upload: (request: Request) => Response | Promise<Response> = () => HttpResponse.json({ success: true, status: 200, data: { url: uploadedUrl } })) {
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
      return upload(request);
    }),
    http.post(`${API}/products`, async ({ request }) => {
      posts.push({ body: await request.json(), authorization: request.headers.get('authorization') });
      return HttpResponse.json({ acknowledged: true, insertedId: 'p-new' });
    }),
  );
  return { uploads, posts };
}

const categories: Category[] = [
  { _id: 'c1', name: 'Fiction', category_id: '1', category: 'fiction', img: '' },
  { _id: 'c2', name: 'History', category_id: '2', category: 'history', img: '' },
];

export const earnings: Earnings = {
  balance: { pending: 0, available: 0, inTransit: 0, paidOut: 0 },
  account: { state: 'none', due: [] },
  commission: { percent: 8, min: 0.5, payoutMin: 1 },
};

/** GET /earnings, which the form reads for the commission ("You will receive"). */
export const commissionHandler = (answer: () => Response | Promise<Response> = () => HttpResponse.json(earnings)) =>
  http.get(`${API}/earnings`, answer);

/** Every test of the file: signed in with a token, two categories to choose from, the commission at 8 %. */
export function serveCategories(): void {
  beforeEach(() => {
    localStorage.setItem('accessToken', 't0k');
    server.use(http.get(`${API}/bookCatagories`, () => HttpResponse.json(categories)), commissionHandler());
  });
}

export const cover = () => new File(['x'], 'cover.png', { type: 'image/png' });

type User = ReturnType<typeof userEvent.setup>;

/** One input event per field: typing key by key re-validates the whole form on every key. */
export async function enter(user: User, label: string | RegExp, text: string) {
  await user.click(screen.getByLabelText(label));
  await user.paste(text);
}

/** Fills every field of the add-product form and chooses `cover.png`. */
export async function fillForm(user: User) {
  await enter(user, /Product name/, 'Dune');
  await enter(user, /Resale price/, '12');
  await enter(user, 'Original price', '30');
  await enter(user, /Phone/, '0123456789');
  await enter(user, /Location/, 'Dhaka');
  await screen.findByRole('option', { name: 'History' });
  await user.selectOptions(screen.getByLabelText('Category'), 'History');
  await enter(user, 'Years of use', '2 years');
  await user.selectOptions(screen.getByLabelText('Condition'), 'Fair');
  await enter(user, 'Description', 'A desert planet');
  await user.upload(screen.getByLabelText('Image'), cover());
}
