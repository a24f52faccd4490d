import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

// Node's HTTP parser copies every chunk of a request body it reads (up to 64 KB) into a new Buffer,
// which V8 counts as memory outside its heap and frees only at a collection: it starts a full one
// once about 64 MiB of such memory has piled up. A 900 MB upload grew the server by 70 MB that way,
// and each full mark of the portal's heap cost more CPU than the upload's own work. The chunks die
// young, so a young-generation collection (a scavenge: only the live young objects are copied) every
// YOUNG_GC_BYTES that a write receives frees them long before. V8 exposes collections to scripts
// only with --expose-gc; it is set for one new context to take its `gc`, then unset again, as
// jest's leak detector does, so no other code sees a `gc` it did not ask for.

/** Bytes received between two young-generation collections. */
export const YOUNG_GC_BYTES = 16 * 1024 * 1024;

type Gc = (options: { type: 'minor'; execution: 'sync' }) => void;

const gc: Gc = (() => {
  const exposed = typeof globalThis.gc === 'function';
  if (!exposed) setFlagsFromString('--expose-gc');
  const found = runInNewContext('gc') as Gc;
  if (!exposed) setFlagsFromString('--no-expose-gc');
  return found;
})();

/** A young-generation collection, now. */
export const collectYoung = () => gc({ type: 'minor', execution: 'sync' });

/** Counts the bytes a stream passes on, and runs `collect` each time `bytes` more have passed. */
export function youngGcEvery(bytes = YOUNG_GC_BYTES, collect = collectYoung) {
  let pending = 0;
  return (received: number) => {
    pending += received;
    if (pending < bytes) return;
    pending %= bytes;
    collect();
  };
}
