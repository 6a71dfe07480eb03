import { PNG_BYTES, UPLOAD_URL } from './brokenMultipart';
import type { Random } from './fuzzInputs';
import { rawHead, type FuzzCase, type FuzzCast } from './fuzzRequest';

const BOUNDARY = 'fuzz-upload-boundary';

/** Files that are not images the API stores: documents, programs, script in SVG, nothing at all. */
const NOT_IMAGES: ReadonlyArray<[string, Buffer, string]> = [
  ['text', Buffer.from('just some text\n'), 'text/plain'],
  ['HTML', Buffer.from('<!doctype html><script>alert(document.cookie)</script>'), 'text/html'],
  ['PDF', Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF'), 'application/pdf'],
  ['ZIP', Buffer.from('504b0304140000000800', 'hex'), 'application/zip'],
  ['ELF', Buffer.from('7f454c460201010000000000', 'hex'), 'application/octet-stream'],
  ['JSON', Buffer.from('{"image":"x"}'), 'application/json'],
  ['PNG signature then junk', Buffer.concat([PNG_BYTES, Buffer.from('junk'.repeat(50))]), 'image/png'],
  ['JPEG start then junk', Buffer.from('ffd8ffe000104a464946' + '00'.repeat(64), 'hex'), 'image/jpeg'],
  ['GIF header alone', Buffer.from('GIF89a'), 'image/gif'],
  ['GIF/JavaScript polyglot', Buffer.from('GIF89a/*\x01\x00\x01\x00\x00\x00\x00*/=1;alert(1)//'), 'image/gif'],
  ['WebP header then junk', Buffer.concat([Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1'), Buffer.alloc(32, 7)]), 'image/webp'],
  ['SVG with script', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><script>alert(1)</script><rect width="9" height="9"/></svg>'), 'image/svg+xml'],
  ['SVG with onload', Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)" width="9" height="9"/>'), 'image/svg+xml'],
  ['SVG named .png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><script>alert(1)</script></foreignObject></svg>'), 'image/png'],
  ['SVG with an external entity', Buffer.from('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>'), 'image/svg+xml'],
  ['zero bytes', Buffer.alloc(0), 'image/png'],
  ['zero bytes, no type', Buffer.alloc(0), ''],
];

/** One 20 MB file, shared by every case that sends it (written from the same buffer each time). */
const TWENTY_MB = Buffer.concat([PNG_BYTES, Buffer.alloc(20 * 1024 * 1024 - PNG_BYTES.length, 0x41)]);
const JUST_OVER_LIMIT = Buffer.concat([PNG_BYTES, Buffer.alloc(5 * 1024 * 1024 + 1 - PNG_BYTES.length, 0x42)]);

function partHead(fileName: string, contentType: string, field = 'image'): Buffer {
  const type = contentType ? `content-type: ${contentType}\r\n` : '';
  return Buffer.from(`--${BOUNDARY}\r\ncontent-disposition: form-data; name="${field}"; filename="${fileName}"\r\n${type}\r\n`);
}
const closing = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);

function uploadOf(cast: FuzzCast, file: Buffer, fileName: string, contentType: string, url: string = UPLOAD_URL, field = 'image'): Buffer[] {
  const head = partHead(fileName, contentType, field);
  const headers = {
    host: '127.0.0.1',
    authorization: cast.authorization.seller,
    'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    'content-length': head.length + file.length + closing.length,
  };
  return [rawHead('POST', url, headers), head, file, closing];
}

/** Uploads, as a seller with the right key, of files that must never be stored. */
function notAnImage(random: Random, cast: FuzzCast): FuzzCase {
  const fileName = random.pick(['cover.png', 'cover.svg', 'x.jpg', '../../etc/passwd', 'cover.png.exe', '', 'a"b.png']);
  if (random.chance(0.05)) {
    const [label, file] = random.chance(0.5) ? ['20 MB', TWENTY_MB] : ['5 MB and a byte', JUST_OVER_LIMIT];
    return { kind: 'uploads', label: `upload of ${label}`, bytes: uploadOf(cast, file, fileName, 'image/png'), expect: 'refused', statuses: [413] };
  }
  const [label, file, contentType] = random.pick(NOT_IMAGES);
  return { kind: 'uploads', label: `upload of ${label} as "${fileName}"`, bytes: uploadOf(cast, file, fileName, contentType), expect: 'refused', statuses: [400] };
}

/** Files sent as a seller's inventory that are none (documents, programs, pictures, nothing): each refused, nothing stored. */
function notAnInventory(random: Random, cast: FuzzCast): FuzzCase {
  const [label, file, contentType] = random.pick(NOT_IMAGES);
  const fileName = random.pick(['inventory.csv', 'stock.tsv', '../../etc/passwd', '']);
  return {
    kind: 'uploads', label: `inventory of ${label} as "${fileName}"`,
    bytes: uploadOf(cast, file, fileName, contentType, '/inventory/imports', 'file'), expect: 'refused', statuses: [400],
  };
}

export const uploadCases = [notAnImage, notAnInventory] as const;
