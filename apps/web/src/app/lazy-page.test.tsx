import { render, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyPage } from './lazy-page';

function Counter() {
  const [n, setN] = useState(0);
  return (
    <button type="button" onClick={() => setN(n + 1)}>
      Count {n}
    </button>
  );
}

describe('lazyPage', () => {
  it('renders a page whose module was preloaded at once, without the fallback', async () => {
    const Page = lazyPage(() => Promise.resolve({ default: () => <p>The page</p> }));
    await Page.preload();
    render(
      <Suspense fallback={<p>Waiting</p>}>
        <Page />
      </Suspense>,
    );
    // synchronously: no suspension, so React has no fallback to hold back for 300 ms
    expect(screen.getByText('The page')).toBeInTheDocument();
    expect(screen.queryByText('Waiting')).not.toBeInTheDocument();
  });

  it('shows the fallback until a page not yet loaded arrives, asks for its module once, and keeps its state', async () => {
    let loads = 0;
    const Page = lazyPage(() => {
      loads += 1;
      return Promise.resolve({ default: Counter });
    });
    const view = render(
      <Suspense fallback={<p>Waiting</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('Waiting')).toBeInTheDocument();
    const button = await screen.findByRole('button', { name: 'Count 0' });
    button.click();
    expect(await screen.findByRole('button', { name: 'Count 1' })).toBeInTheDocument();
    // a render after the module is here keeps the mounted page (its state) instead of mounting another
    view.rerender(
      <Suspense fallback={<p>Waiting</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByRole('button', { name: 'Count 1' })).toBeInTheDocument();
    await Page.preload();
    expect(loads).toBe(1);
  });
});
