// The shell: the Module Federation host. Its remotes come from /remotes.json at run time, never from here.
import { webConfig } from '@erp/web-build';

export default (_env, argv) =>
  webConfig({
    dir: import.meta.dirname,
    name: 'shell',
    kind: 'host',
    mode: argv.mode,
    title: 'ERP',
  });
