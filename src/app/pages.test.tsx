import { act, render, screen } from '@testing-library/react';
import { Component, Suspense } from 'react';
import { chunkComponent, lazyPageInSlices } from './pages';

class Boundary extends Component<{ children: React.ReactNode }, { error: string | null }> {
  state = { error: null as string | null };
  static getDerivedStateFromError(error: Error) {
    return { error: error.message };
  }
  render() {
    return this.state.error ? <p>failed: {this.state.error}</p> : this.props.children;
  }
}

describe('a page evaluated in slices', () => {
  it('asks for every library at once, then shows the page once they are all in', async () => {
    const asked: string[] = [];
    const library = (name: string) => () => {
      asked.push(name);
      return Promise.resolve();
    };
    const Page = lazyPageInSlices([library('formik'), library('fields')], async () => {
      asked.push('page');
      return { Component: () => <h1>Log In</h1> };
    });
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeInTheDocument();
    expect(asked).toEqual(['formik', 'fields', 'page']);
  });

  it('fails through the page when a library cannot be loaded, and does not load the page', async () => {
    const load = jest.fn(async () => ({ Component: () => <h1>Log In</h1> }));
    const Page = lazyPageInSlices([() => Promise.reject(new Error('ChunkLoadError')), () => Promise.resolve()], load);
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <Boundary>
        <Suspense fallback={<p>loading</p>}>
          <Page />
        </Suspense>
      </Boundary>,
    );
    expect(await screen.findByText('failed: ChunkLoadError')).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
    consoleError.mockRestore();
  });
});

describe('a component in a chunk of its own', () => {
  const heading = () => <h1>My Orders</h1>;

  it('renders at once, with no fallback, once preload has brought its chunk in', async () => {
    const load = jest.fn(async () => ({ heading }));
    const Chunk = chunkComponent(load, (module) => module.heading);
    await Chunk.preload();
    const fallback = jest.fn(() => <p>loading</p>);
    const Fallback = fallback;
    await act(async () => {
      render(
        <Suspense fallback={<Fallback />}>
          <Chunk />
        </Suspense>,
      );
    });
    expect(screen.getByRole('heading', { name: 'My Orders' })).toBeInTheDocument();
    expect(fallback).not.toHaveBeenCalled();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows the fallback while a chunk nobody preloaded arrives, and loads it once', async () => {
    const load = jest.fn(async () => ({ heading }));
    const Chunk = chunkComponent(load, (module) => module.heading);
    render(
      <Suspense fallback={<p>loading</p>}>
        <Chunk />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'My Orders' })).toBeInTheDocument();
    await Chunk.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks again after a load that failed', async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error('ChunkLoadError')).mockResolvedValue({ heading });
    const Chunk = chunkComponent(load, (module: { heading: typeof heading }) => module.heading);
    await expect(Chunk.preload()).rejects.toThrow('ChunkLoadError');
    await Chunk.preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Chunk />
      </Suspense>,
    );
    expect(screen.getByRole('heading', { name: 'My Orders' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
