// Bootstrap of a collector worker (training/collector-thread.ts): registers the TypeScript loader in this
// thread, then runs the worker loop in collector-worker-main.ts.
import { register } from 'tsx/esm/api';

register();
await import('./collector-worker-main.ts');
