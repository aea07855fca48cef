import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { loadable, moduleSlot } from './loadable';

/** A load the test settles by hand, counting its calls. */
function manualLoad<T>() {
  const calls: { resolve: (value: T) => void; reject: (error: unknown) => void }[] = [];
  const load = () => new Promise<T>((resolve, reject) => calls.push({ resolve, reject }));
  return { load, calls };
}

describe('moduleSlot: one fetch on demand, forgotten when it fails', () => {
  it('joins every start to one fetch and keeps what arrived', async () => {
    const { load, calls } = manualLoad<string>();
    const slot = moduleSlot(load);
    expect(slot.current()).toBeNull();
    const first = slot.start();
    const second = slot.start();
    expect(calls).toHaveLength(1);
    calls[0]!.resolve('module');
    await expect(first).resolves.toBe('module');
    await expect(second).resolves.toBe('module');
    expect(slot.current()).toEqual({ current: 'module' });
    await expect(slot.start()).resolves.toBe('module');
    expect(calls).toHaveLength(1);
  });

  it('fetches again after a failure (a lost chunk is retried)', async () => {
    const { load, calls } = manualLoad<string>();
    const slot = moduleSlot(load);
    const failed = slot.start();
    calls[0]!.reject(new Error('chunk lost'));
    await expect(failed).rejects.toThrow('chunk lost');
    expect(slot.current()).toBeNull();
    const retried = slot.start();
    expect(calls).toHaveLength(2);
    calls[1]!.resolve('module');
    await expect(retried).resolves.toBe('module');
  });

  it('keeps a module whose value is falsy', async () => {
    const slot = moduleSlot(() => Promise.resolve(0));
    await slot.start();
    expect(slot.current()).toEqual({ current: 0 });
  });
});

describe('loadable: a component fetched on first render, without Suspense', () => {
  const Greeting = ({ name }: { name: string }) => createElement('b', null, `hello ${name}`);

  it('shows its fallback until the code arrives, then renders in place with its props', async () => {
    const { load, calls } = manualLoad<typeof Greeting>();
    const Lazy = loadable(load, createElement('i', null, 'loading'));
    expect(renderToStaticMarkup(createElement(Lazy, { name: 'Sara' }))).toBe('<i>loading</i>');
    // the render started the fetch (not only the effect after a commit)
    expect(calls).toHaveLength(1);
    calls[0]!.resolve(Greeting);
    await Promise.resolve();
    await Promise.resolve();
    expect(renderToStaticMarkup(createElement(Lazy, { name: 'Sara' }))).toBe('<b>hello Sara</b>');
    expect(calls).toHaveLength(1);
  });

  it('preload fetches ahead, once, and the first render needs no fallback', async () => {
    let calls = 0;
    const Lazy = loadable(() => {
      calls += 1;
      return Promise.resolve(Greeting);
    });
    Lazy.preload();
    Lazy.preload();
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toBe(1);
    expect(renderToStaticMarkup(createElement(Lazy, { name: 'Ali' }))).toBe('<b>hello Ali</b>');
  });

  it('renders nothing while loading when no fallback is given', () => {
    const Lazy = loadable(() => new Promise<typeof Greeting>(() => undefined));
    expect(renderToStaticMarkup(createElement(Lazy, { name: 'x' }))).toBe('');
  });
});
