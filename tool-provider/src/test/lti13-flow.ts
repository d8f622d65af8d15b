import { expect } from 'vitest';
import type { Lti13Peer } from './lti13-peer';
import { TestClient, type TestServer } from './test-server';

/** A form post that does not follow redirects. */
export const formPost = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
  redirect: 'manual' as const,
});

/**
 * The browser's part of LTI 1.3 launches between a platform simulator and a Kib test server whose
 * public address is `publicUrl`: the login initiation, the platform's authorisation, the launch, and
 * the exchange of the launch's one-time code for a session.
 */
export class Lti13Flow {
  static readonly LOGIN_HINT = 'hint-42';
  static readonly MESSAGE_HINT = '{"cmid":3}';

  constructor(
    private readonly server: TestServer,
    private readonly peer: Lti13Peer,
    private readonly publicUrl: string,
  ) {}

  /** Moodle's login initiation (a form post), answering Kib's redirect to the platform. */
  login(baseUrl = this.server.url, extra: Record<string, string> = {}): Promise<Response> {
    return fetch(
      `${baseUrl}/lti/1.3/login`,
      formPost({
        iss: this.peer.issuer,
        target_link_uri: `${this.publicUrl}/lti/1.3/launch`,
        login_hint: Lti13Flow.LOGIN_HINT,
        lti_message_hint: Lti13Flow.MESSAGE_HINT,
        client_id: this.peer.clientId,
        lti_deployment_id: this.peer.deploymentId,
        ...extra,
      }),
    );
  }

  /** A whole launch: login on `loginUrl`, the platform's answer with `claims`, the form post to `launchUrl`. */
  async launch(
    claims: Record<string, unknown> = {},
    options: { loginUrl?: string; launchUrl?: string; token?: (nonce: string) => Promise<string> } = {},
  ) {
    const started = await this.login(options.loginUrl);
    expect(started.status).toBe(302);
    const answer = await this.peer.authorize(
      started.headers.get('location')!,
      {
        redirectUri: `${this.publicUrl}/lti/1.3/launch`,
        loginHint: Lti13Flow.LOGIN_HINT,
        messageHint: Lti13Flow.MESSAGE_HINT,
      },
      claims,
    );
    const idToken = options.token ? await options.token(answer.nonce) : answer.id_token;
    const res = await fetch(
      `${options.launchUrl ?? this.server.url}/lti/1.3/launch`,
      formPost({ id_token: idToken, state: answer.state }),
    );
    return { res, idToken, state: answer.state, nonce: answer.nonce, text: await res.text() };
  }

  /** The session a launch's redirect to /moodlelogin opens, as a client holding its access token. */
  async session(location: string): Promise<TestClient> {
    const code = new URL(location, 'http://x').searchParams.get('code');
    const client = new TestClient(this.server.url);
    const opened = await client.post<{ access: string; next: string }>('/api/lti/session/', { code });
    expect(opened.status).toBe(200);
    client.token = opened.body.access;
    return client;
  }
}
