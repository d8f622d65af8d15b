import { Lti13Repository } from '../src/lti/v13/lti13.repository';
import { runPlatformCommand } from '../src/lti/v13/platform-admin';
import type { Lti13Peer } from './lti13-peer';
import { formPost } from './lti-peer';
import { exchangeLaunchCode, type TestClient, type TestServer } from './test-server';

export { formPost } from './lti-peer';

/**
 * The browser's part of LTI 1.3 launches between a platform simulator and a Kib test server whose
 * public address is `publicUrl`: registering the simulator as a platform, the login initiation, the
 * platform's authorisation, the launch, and the exchange of the launch's one-time code for a
 * session. Free of any test runner, so benchmarks use it too; a step that fails throws.
 */
export class Lti13Flow {
  static readonly LOGIN_HINT = 'hint-42';
  static readonly MESSAGE_HINT = '{"cmid":3}';

  constructor(
    private readonly server: TestServer,
    private readonly peer: Lti13Peer,
    private readonly publicUrl: string,
  ) {}

  /** Registers the simulator as a platform with `npm run lti -- add-platform`; answers what it printed. */
  async registerPlatform(name = 'Peer Moodle'): Promise<string[]> {
    const lines: string[] = [];
    const { peer } = this;
    const code = await runPlatformCommand(
      [
        'add-platform',
        peer.issuer,
        peer.clientId,
        '--name',
        name,
        '--login-url',
        peer.endpoints.authLoginUrl,
        '--token-url',
        peer.endpoints.authTokenUrl,
        '--jwks-url',
        peer.endpoints.jwksUrl,
        '--origin',
        peer.origin,
        '--deployment',
        peer.deploymentId,
      ],
      {
        repo: new Lti13Repository(this.server.db.sequelize),
        keys: this.server.kib.lti13.keys,
        out: (l) => lines.push(l),
        err: (l) => lines.push(l),
        publicUrl: this.publicUrl,
      },
    );
    if (code !== 0) throw new Error(`add-platform failed: ${lines.join(' / ')}`);
    return lines;
  }

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
    if (started.status !== 302) throw new Error(`the login answered ${started.status}`);
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
  session(location: string): Promise<TestClient> {
    return exchangeLaunchCode(this.server.url, location).then((opened) => opened.client);
  }
}
