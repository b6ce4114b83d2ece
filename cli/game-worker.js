// Bootstrap of a game worker thread (game-pool.ts): registers the TypeScript loader, then runs game-worker-main.ts.
import { register } from 'tsx/esm/api';

register();
await import('./game-worker-main.ts');
