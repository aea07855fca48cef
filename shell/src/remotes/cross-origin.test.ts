import { crossOriginEntries } from './cross-origin';

function attrsFor(url: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  crossOriginEntries('https://erp.example.com').createScript!({ url, attrs });
  return attrs;
}

describe('feature apps on other origins', () => {
  it('loads a remote entry from another origin in CORS mode', () => {
    expect(attrsFor('https://sales.example.com/remoteEntry.js')).toEqual({ crossorigin: 'anonymous' });
    expect(attrsFor('https://erp.example.com:8443/remoteEntry.js')).toEqual({ crossorigin: 'anonymous' });
  });

  it('leaves same-origin entries (the embedded mode) as they are', () => {
    expect(attrsFor('/mfe/mfe_sales/remoteEntry.js')).toEqual({});
    expect(attrsFor('https://erp.example.com/mfe/mfe_sales/remoteEntry.js?retry=1')).toEqual({});
  });
});
