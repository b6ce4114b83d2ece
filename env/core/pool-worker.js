// Bootstrap of a VectorEnvPool worker: registers the TypeScript loader in this thread, then runs the
// worker loop in pool-worker-main.ts.
import { register } from 'tsx/esm/api';

register();
await import('./pool-worker-main.ts');
