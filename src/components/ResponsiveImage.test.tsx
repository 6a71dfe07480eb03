import { render, screen } from '@testing-library/react';
import { ResponsiveImage } from './ResponsiveImage';

describe('ResponsiveImage', () => {
  it("offers an image-host upload's narrower copies with the width it shows", () => {
    const src = 'http://127.0.0.1:5000/image-host/i/abc123.webp';
    render(<ResponsiveImage src={src} alt="Cover" sizes="96px" width={96} />);

    const image = screen.getByRole('img', { name: 'Cover' });
    expect(image).toHaveAttribute('src', src);
    expect(image).toHaveAttribute('srcset', `${src}?w=320 320w, ${src}?w=640 640w, ${src}?w=960 960w`);
    expect(image).toHaveAttribute('sizes', '96px');
    expect(image).toHaveAttribute('width', '96');
  });

  it('is a plain src for an image on another host, and for a local preview', () => {
    const { rerender } = render(<ResponsiveImage src="https://i.ibb.co/x/cover.png" alt="Cover" sizes="96px" />);
    expect(screen.getByRole('img', { name: 'Cover' })).not.toHaveAttribute('srcset');
    expect(screen.getByRole('img', { name: 'Cover' })).not.toHaveAttribute('sizes');

    rerender(<ResponsiveImage src="blob:http://localhost/3f2a" alt="Cover" sizes="96px" />);
    expect(screen.getByRole('img', { name: 'Cover' })).toHaveAttribute('src', 'blob:http://localhost/3f2a');
    expect(screen.getByRole('img', { name: 'Cover' })).not.toHaveAttribute('srcset');
  });
});
