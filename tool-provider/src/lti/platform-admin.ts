import type { Lti13Repository } from './lti13.repository';
import { normaliseOriginPattern } from './origins';
import { DEFAULT_KEY_GRACE_HOURS, type ToolKeys } from './tool-keys';

/** The LTI 1.3 commands of `npm run lti`. */
export const PLATFORM_COMMANDS = ['add-platform', 'add-deployment', 'rotate-key', 'list-platforms'] as const;

const USAGE = `usage:
  npm run lti -- add-platform <issuer> <client-id> --name <name> --login-url <url> --token-url <url>
                 --jwks-url <url> [--origin https://moodle.example]... [--deployment <id>]...
  npm run lti -- add-deployment <issuer> <client-id> <deployment-id>
  npm run lti -- rotate-key [--grace-hours ${DEFAULT_KEY_GRACE_HOURS}]
  npm run lti -- list-platforms`;

const httpUrl = (value: string | undefined) => {
  try {
    const u = new URL(value ?? '');
    return (u.protocol === 'https:' || u.protocol === 'http:') && value!.length <= 2000 ? value! : null;
  } catch {
    return null;
  }
};

/**
 * The `npm run lti` admin commands on LTI 1.3: register a platform (issuer, client id, endpoints,
 * origins, deployments), add a deployment, rotate Kib's signing key (the old key stays in the
 * JWKS for a grace period), list platforms. Answers the exit code; prints through `out` and `err`.
 */
export async function runPlatformCommand(
  argv: readonly string[],
  deps: {
    repo: Lti13Repository;
    keys: ToolKeys;
    out: (line: string) => void;
    err: (line: string) => void;
    publicUrl?: string;
  },
): Promise<number> {
  const { repo, out, err } = deps;
  const [command, ...rest] = argv;
  const positional = rest.filter((a, i) => !a.startsWith('--') && !rest[i - 1]?.startsWith('--'));
  const options = (name: string) =>
    rest.flatMap((a, i) => (a === `--${name}` && rest[i + 1] ? [rest[i + 1]!] : []));
  const platformOf = async (issuer: string | undefined, clientId: string | undefined) =>
    issuer && clientId ? ((await repo.findPlatforms(issuer, clientId))[0] ?? null) : null;

  switch (command) {
    case 'add-platform': {
      const [issuer, clientId] = positional;
      const name = options('name')[0]?.trim() ?? '';
      const authLoginUrl = httpUrl(options('login-url')[0]);
      const authTokenUrl = httpUrl(options('token-url')[0]);
      const jwksUrl = httpUrl(options('jwks-url')[0]);
      if (!issuer || issuer.length > 240 || !clientId || clientId.length > 255 || !name) return usage(err);
      if (!authLoginUrl || !authTokenUrl || !jwksUrl) return usage(err);
      const origins: string[] = [];
      for (const raw of options('origin')) {
        const origin = normaliseOriginPattern(raw);
        if (!origin) {
          err(`not an origin: ${raw} (write it as https://moodle.example, with no path)`);
          return 2;
        }
        origins.push(origin);
      }
      if (origins.length === 0) err('warning: no --origin: the LMS will not be able to show Kib in a frame');
      const id = await repo.addPlatform({
        issuer,
        clientId,
        name,
        authLoginUrl,
        authTokenUrl,
        jwksUrl,
        allowedOrigins: origins,
      });
      if (id === null) {
        err(`a platform with the issuer ${issuer} and client id ${clientId} exists already`);
        return 1;
      }
      for (const deployment of options('deployment')) await repo.addDeployment(id, deployment);
      out(`platform:        ${issuer} (client id ${clientId})`);
      out(`deployments:     ${options('deployment').join(' ') || '(none: add one with add-deployment)'}`);
      if (deps.publicUrl) {
        out(`login URL:       ${deps.publicUrl}/lti/1.3/login`);
        out(`redirect URI:    ${deps.publicUrl}/lti/1.3/launch`);
        out(`public keyset:   ${deps.publicUrl}/lti/1.3/keys`);
      }
      return 0;
    }
    case 'add-deployment': {
      const [issuer, clientId, deployment] = positional;
      if (!deployment || deployment.length > 255) return usage(err);
      const platform = await platformOf(issuer, clientId);
      if (!platform) {
        err(`no platform with the issuer ${issuer} and client id ${clientId}`);
        return 1;
      }
      if (!(await repo.addDeployment(platform.id, deployment))) {
        err(`the deployment ${deployment} is registered already`);
        return 1;
      }
      out(`deployment ${deployment} added to ${issuer} (client id ${clientId})`);
      return 0;
    }
    case 'rotate-key': {
      const graceHours = Number(options('grace-hours')[0] ?? String(DEFAULT_KEY_GRACE_HOURS));
      if (!Number.isFinite(graceHours) || graceHours < 0 || graceHours > 24 * 90) return usage(err);
      const kid = await deps.keys.rotate(graceHours);
      out(`new signing key: ${kid}`);
      out(`the previous key stays published for ${graceHours} hours`);
      return 0;
    }
    case 'list-platforms': {
      const platforms = await repo.listPlatforms();
      if (platforms.length === 0) out('no LTI 1.3 platforms');
      for (const p of platforms)
        out(`${p.issuer}\t${p.clientId}\t${p.name}\t${p.allowedOrigins.join(' ') || '(no origins)'}`);
      return 0;
    }
    default:
      return usage(err);
  }
}

function usage(err: (line: string) => void): number {
  err(USAGE);
  return 2;
}
