// The server's public Web Push key (the start-up manifest's), in a module of its own: main.tsx sets
// it at start-up without bringing the rest of the push code into the first page's JavaScript.

let publicKey: string | null = null;

/** main.tsx hands over the start-up manifest's public push key (VAPID). */
export function setPushPublicKey(key: string | null | undefined): void {
  publicKey = key || null;
}

export const pushPublicKey = () => publicKey;
