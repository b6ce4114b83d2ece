/** `node:crypto` in the browser bundle: `createHash('sha256')` (lib/hash.ts's content hashes) on @noble/hashes. */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** SHA-256 only: the one hash the engines use. @throws Error for another algorithm */
export function createHash(algorithm: string) {
  if (algorithm !== 'sha256') throw new Error(`the browser bundle hashes with sha256 only, not ${algorithm}`);
  const h = sha256.create();
  const hash = {
    update(data: string | Uint8Array) {
      h.update(typeof data === 'string' ? utf8ToBytes(data) : data);
      return hash;
    },
    digest(encoding: 'hex') {
      if (encoding !== 'hex') throw new Error(`the browser bundle's sha256 digests to hex only, not ${encoding}`);
      return bytesToHex(h.digest());
    },
  };
  return hash;
}
