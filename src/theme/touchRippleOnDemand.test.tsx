import type { TouchRippleActions } from '@mui/material/ButtonBase/TouchRipple';
import { act, render, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import TouchRippleOnDemand from './touchRippleOnDemand';

// The ripple's module is fetched once for the whole page: the first test sees it arrive, the
// next ones find it there.
describe('the ripple fetched on demand', () => {
  it('draws what a button asked for while its code was on the way, in the order asked', async () => {
    const ripple = createRef<TouchRippleActions>();
    const { container } = render(<TouchRippleOnDemand ref={ripple} center />);
    expect(container).toBeEmptyDOMElement();

    act(() => {
      ripple.current!.start();
      ripple.current!.stop();
    });

    // Started, then stopped: the ripple shows, leaving.
    await waitFor(() => expect(container.querySelector('.MuiTouchRipple-ripple')).toBeInTheDocument());
    expect(container.querySelector('.MuiTouchRipple-childLeaving')).toBeInTheDocument();
  });

  it('once the code is there, a new ripple starts at once', () => {
    const ripple = createRef<TouchRippleActions>();
    const { container } = render(<TouchRippleOnDemand ref={ripple} center />);
    expect(container.querySelector('.MuiTouchRipple-root')).toBeInTheDocument();

    act(() => ripple.current!.pulsate());

    expect(container.querySelector('.MuiTouchRipple-ripplePulsate')).toBeInTheDocument();
  });
});
