import { uiSlice } from '../state/ui';
import { fetchAppConfig, loadAppConfig } from './app-config';

function answer(status: number, body: unknown): void {
  global.fetch = jest.fn(async () => new Response(JSON.stringify(body), { status })) as typeof fetch;
}

describe('the run-time /app-config.json', () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
  });

  it('reads the chat link, and only an http(s) one', async () => {
    answer(200, { supportChatUrl: 'https://wa.me/966500000000' });
    await expect(fetchAppConfig()).resolves.toEqual({ supportChatUrl: 'https://wa.me/966500000000' });
    expect(global.fetch).toHaveBeenCalledWith(
      '/app-config.json',
      expect.objectContaining({ cache: 'no-store' }),
    );
    for (const bad of [null, '', 'javascript:alert(1)', 'wa.me/1', 42]) {
      answer(200, { supportChatUrl: bad });
      await expect(fetchAppConfig()).resolves.toEqual({ supportChatUrl: null });
    }
    answer(200, null);
    await expect(fetchAppConfig()).resolves.toEqual({ supportChatUrl: null });
  });

  it('stores what the server says; without an answer nothing is configured', async () => {
    const actions: unknown[] = [];
    const dispatch = ((action: unknown) => actions.push(action)) as never;
    answer(200, { supportChatUrl: 'https://chat.example.com/erp' });
    await loadAppConfig(dispatch);
    const state = actions.reduce(
      (s: ReturnType<typeof uiSlice.reducer>, a) => uiSlice.reducer(s, a as never),
      uiSlice.reducer(undefined, { type: 'init' }),
    );
    expect(state.appConfig).toEqual({ supportChatUrl: 'https://chat.example.com/erp' });

    actions.length = 0;
    answer(404, {});
    await loadAppConfig(dispatch);
    expect(actions).toEqual([]);
    expect(uiSlice.reducer(undefined, { type: 'init' }).appConfig).toEqual({ supportChatUrl: null });
  });
});
