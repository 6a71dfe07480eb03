import { render, screen } from '@testing-library/react';
import { Component, Suspense } from 'react';
import { lazyPageInSlices } from './pages';

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
