import { hostedSrcSet } from './images';

describe('hostedSrcSet', () => {
  it('offers the narrower copies of an upload on our image host', () => {
    expect(hostedSrcSet('http://127.0.0.1:5000/image-host/i/abc123.webp')).toBe(
      'http://127.0.0.1:5000/image-host/i/abc123.webp?w=320 320w, http://127.0.0.1:5000/image-host/i/abc123.webp?w=640 640w, http://127.0.0.1:5000/image-host/i/abc123.webp?w=960 960w',
    );
  });

  it('offers nothing for an SVG, another host or a malformed address', () => {
    expect(hostedSrcSet('http://127.0.0.1:5000/image-host/i/category-fiction.svg')).toBeUndefined();
    expect(hostedSrcSet('https://i.ibb.co/x/cover.png')).toBeUndefined();
    expect(hostedSrcSet('not a url')).toBeUndefined();
  });
});
