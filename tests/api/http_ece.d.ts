// The parts of http_ece (Encrypted Content-Encoding, RFC 8188) the push tests use: they decrypt what
// the server sent as a browser would.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  export function decrypt(
    buffer: Buffer,
    params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: Buffer | string },
  ): Buffer;
}
