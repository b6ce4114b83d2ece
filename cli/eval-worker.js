// Bootstrap of an eval worker thread: registers the TypeScript loader, then runs eval-worker-main.ts.
import { register } from 'tsx/esm/api';

register();
await import('./eval-worker-main.ts');
