// Bootstrap of a runner worker thread (runner.ts): registers the TypeScript loader, then runs runner-worker-main.ts.
import { register } from 'tsx/esm/api';

register();
await import('./runner-worker-main.ts');
