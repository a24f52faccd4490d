// The journeys' seeding through the API, for steps that are not the subject under test: a demo
// user signs in as the browser does (tests/oidcClient.ts) and calls GraphQL with their token.
import { gql, signIn, type PortalAddress, type Tokens } from '../oidcClient';
import { E2E_ACCESS_TOKEN_TTL, E2E_URL } from './server';

const E2E_PORTAL = { url: E2E_URL, config: { oidcClientId: 'portal', publicUrl: E2E_URL } };

export class ApiUser {
  private tokens?: Tokens;
  private signedInAt = 0;

  /** The suite's server unless another portal is named (the home's Lighthouse bench seeds its own). */
  constructor(
    readonly email: string,
    private readonly portal: PortalAddress = E2E_PORTAL,
  ) {}

  /** A token with a few seconds left (the suite's tokens live E2E_ACCESS_TOKEN_TTL seconds). */
  private async token(): Promise<string> {
    if (!this.tokens || Date.now() - this.signedInAt > (E2E_ACCESS_TOKEN_TTL - 5) * 1000) {
      this.signedInAt = Date.now();
      this.tokens = await signIn(this.portal, this.email);
    }
    return this.tokens.access_token;
  }

  /** The operation's data; an error answer throws with its messages. */
  async call<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
    const response = await gql<T>(this.portal, query, variables, await this.token());
    if (response.errors?.length || !response.data) {
      throw new Error(`${this.email}: ${JSON.stringify(response.errors)}`);
    }
    return response.data;
  }

  /**
   * POSTs one file to an upload route (multipart field `arquivo`, or `field`, after the text
   * `fields`) and answers its JSON.
   */
  async upload<T>(
    path: string,
    name: string,
    content: Buffer,
    type: string,
    { field = 'arquivo', fields = {} }: { field?: string; fields?: Record<string, string> } = {},
  ): Promise<T> {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    form.append(field, new Blob([new Uint8Array(content)], { type }), name);
    const response = await fetch(`${this.portal.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await this.token()}` },
      body: form,
    });
    if (!response.ok) throw new Error(`${this.email}: upload ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }
}
