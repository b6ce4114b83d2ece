/**
 * `build` memoised per key object: a WeakMap (an entry lives as long as its key), with the last key asked for
 * checked first. Hot paths ask for the same key's value many times in a row (the engine for its ruleset's
 * tables several times a step, a mask scan for its batch's buffer row after row), and a WeakMap lookup costs
 * tens of ns. The last key is held strongly until another key is asked for.
 */
export function weakMemo<K extends object, T>(build: (key: K) => T): (key: K) => T {
  const cache = new WeakMap<K, T>();
  let lastKey: K | null = null;
  let last: T | undefined;
  return (key) => {
    if (key === lastKey) return last as T;
    let v = cache.get(key);
    if (v === undefined) {
      v = build(key);
      cache.set(key, v);
    }
    lastKey = key;
    last = v;
    return v;
  };
}
