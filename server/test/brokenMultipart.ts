/** Multipart bodies broken in the ways clients and fuzzers break them, for the upload route. */

export const UPLOAD_URL = '/image-host/1/upload?key=book-resale-local';

const BOUNDARY = 'book-resale-boundary';
const FORM = `multipart/form-data; boundary=${BOUNDARY}`;

/** The first bytes of a 1×1 PNG: enough to look like an image to a parser. */
export const PNG_BYTES = Buffer.from('89504e470d0a1a0a0000000d494844520000000100000001080600000000', 'hex');

export interface MultipartCase {
  label: string;
  contentType: string;
  body: Buffer;
  /** 413 for a size limit, 400 for everything else. */
  status: 400 | 413;
}

const filePart = (field: string, bytes: Buffer, headers = 'content-type: image/png\r\n') =>
  Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\ncontent-disposition: form-data; name="${field}"; filename="cover.png"\r\n${headers}\r\n`),
    bytes,
    Buffer.from('\r\n'),
  ]);
const fieldPart = (name: string, value: string, headers = '') =>
  Buffer.from(`--${BOUNDARY}\r\ncontent-disposition: form-data; name="${name}"\r\n${headers}\r\n${value}\r\n`);
const closing = Buffer.from(`--${BOUNDARY}--\r\n`);

/** A well-formed upload of `bytes` in the `image` field. */
export const wellFormed = (bytes: Buffer = PNG_BYTES) => Buffer.concat([filePart('image', bytes), closing]);

/** Every way of breaking the upload body the API must answer with a 4xx (never 500). */
export function brokenMultipartCases(): MultipartCase[] {
  const whole = wellFormed();
  const broken = (label: string, body: Buffer | string, contentType = FORM): MultipartCase => ({
    label, contentType, body: Buffer.from(body), status: 400,
  });
  return [
    broken('missing boundary', whole, 'multipart/form-data'),
    broken('empty boundary', whole, 'multipart/form-data; boundary='),
    broken('unterminated quoted boundary', whole, 'multipart/form-data; boundary="abc'),
    broken('boundary of 300 characters', whole, `multipart/form-data; boundary=${'b'.repeat(300)}`),
    broken('boundary that the body never uses', whole, 'multipart/form-data; boundary=another'),
    broken('truncated part', whole.subarray(0, whole.length - 20)),
    broken('truncated inside the part headers', whole.subarray(0, 30)),
    broken('no closing boundary', filePart('image', PNG_BYTES)),
    broken('garbage instead of parts', 'garbage garbage garbage'),
    broken('part header without a colon', `--${BOUNDARY}\r\nthis is not a header\r\n\r\nabc\r\n--${BOUNDARY}--\r\n`),
    broken('part without content-disposition', `--${BOUNDARY}\r\ncontent-type: image/png\r\n\r\nabc\r\n--${BOUNDARY}--\r\n`),
    broken('part header of 100 kB', `--${BOUNDARY}\r\nx-big: ${'a'.repeat(100_000)}\r\n\r\nabc\r\n--${BOUNDARY}--\r\n`),
    broken('file in the wrong field', Buffer.concat([filePart('file', PNG_BYTES), closing])),
    broken('only a field, of 1.5 MB', Buffer.concat([fieldPart('image', 'a'.repeat(1_500_000)), closing])),
    broken('field declared JSON that is not', Buffer.concat([fieldPart('meta', '{bad', 'content-type: application/json\r\n'), closing])),
    broken('field named __proto__', Buffer.concat([fieldPart('__proto__', 'x'), closing])),
    broken('file named __proto__', Buffer.concat([filePart('__proto__', PNG_BYTES), closing])),
    broken('empty body', ''),
    broken('only the closing boundary', closing),
    { ...broken('too many fields', Buffer.concat([...Array.from({ length: 8 }, (_, i) => fieldPart(`f${i}`, 'x')), closing])), status: 413 },
  ];
}

/** A file over the 5 MB upload limit. */
export const tooLarge = (): MultipartCase => ({
  label: 'file over 5 MB', contentType: FORM, body: wellFormed(Buffer.concat([PNG_BYTES, Buffer.alloc(5 * 1024 * 1024 + 1)])), status: 413,
});
