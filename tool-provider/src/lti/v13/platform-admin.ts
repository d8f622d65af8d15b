import {
  AddLtiDeploymentSchema,
  AddLtiPlatformSchema,
  LTI_DEFAULT_GRACE_HOURS,
  LtiRotationSchema,
  type LtiPlatformRegistration,
} from '@kib/core';
import { cliArgs, parseInput, runAdminCommand, type CliOutput } from '../shared/admin-cli';
import type { Lti13Repository } from './lti13.repository';
import { PlatformRegistry, toolUrls } from '../shared/lti-registrations.service';
import type { ToolKeys } from './tool-keys';

/** The LTI 1.3 commands of `npm run lti`. */
export const PLATFORM_COMMANDS = [
  'add-platform',
  'add-deployment',
  'disable-platform',
  'enable-platform',
  'rotate-key',
  'list-platforms',
] as const;

/** How the LTI 1.3 commands are written. */
export const PLATFORM_USAGE = `usage:
  npm run lti -- add-platform <issuer> <client-id> --name <name> --login-url <url> --token-url <url>
                 --jwks-url <url> [--origin https://moodle.example]... [--deployment <id>]...
  npm run lti -- add-deployment <issuer> <client-id> <deployment-id>
  npm run lti -- disable-platform <issuer> <client-id>
  npm run lti -- enable-platform <issuer> <client-id>
  npm run lti -- rotate-key [--grace-hours ${LTI_DEFAULT_GRACE_HOURS}]
  npm run lti -- list-platforms`;

/** A platform as the commands name it: its issuer and client id. */
const PLATFORM_NAME = AddLtiPlatformSchema.pick({ issuer: true, clientId: true });

const state = (p: LtiPlatformRegistration) => (p.disabledAt ? `disabled since ${p.disabledAt}` : 'enabled');

/** Is this one of the LTI 1.3 commands? */
export function isPlatformCommand(
  command: string | undefined,
): command is (typeof PLATFORM_COMMANDS)[number] {
  return (PLATFORM_COMMANDS as readonly (string | undefined)[]).includes(command);
}

/**
 * The `npm run lti` commands on LTI 1.3, over the same {@link PlatformRegistry} as the platform
 * admin's API: register a platform (issuer, client id, endpoints, origins, deployments), add a
 * deployment, disable or enable a platform, rotate Kib's signing key (the old key stays in the
 * JWKS for a grace period), list platforms. Answers the exit code; prints through `out` and `err`.
 */
export async function runPlatformCommand(
  argv: readonly string[],
  deps: CliOutput & { repo: Lti13Repository; keys: ToolKeys; publicUrl?: string },
): Promise<number> {
  const { out, err } = deps;
  const registry = new PlatformRegistry({ repo: deps.repo, keys: deps.keys });
  const [command, ...rest] = argv;
  const { positional, options } = cliArgs(rest);
  if (!isPlatformCommand(command)) {
    err(PLATFORM_USAGE);
    return 2;
  }
  // The platform a command names by issuer and client id, enabled or not.
  const named = async () => {
    const { issuer, clientId } = parseInput(PLATFORM_NAME, {
      issuer: positional[0],
      clientId: positional[1],
    });
    return registry.findByIssuer(issuer, clientId);
  };

  return runAdminCommand(PLATFORM_USAGE, deps, async () => {
    switch (command) {
      case 'add-platform': {
        const [issuer, clientId] = positional;
        const input = parseInput(AddLtiPlatformSchema, {
          issuer,
          clientId,
          name: options('name')[0],
          authLoginUrl: options('login-url')[0],
          authTokenUrl: options('token-url')[0],
          jwksUrl: options('jwks-url')[0],
          allowedOrigins: options('origin'),
          deployments: options('deployment'),
        });
        const platform = await registry.add(input);
        if (platform.allowedOrigins.length === 0)
          err('warning: no --origin: the LMS will not be able to show Kib in a frame');
        out(`platform:        ${platform.issuer} (client id ${platform.clientId})`);
        out(`deployments:     ${platform.deployments.join(' ') || '(none: add one with add-deployment)'}`);
        if (deps.publicUrl) {
          const urls = toolUrls(deps.publicUrl, 'closed');
          out(`login URL:       ${urls.lti13LoginUrl}`);
          out(`redirect URI:    ${urls.lti13RedirectUri}`);
          out(`public keyset:   ${urls.lti13KeysetUrl}`);
        }
        return;
      }
      case 'add-deployment': {
        const { deploymentId } = parseInput(AddLtiDeploymentSchema, { deploymentId: positional[2] });
        const platform = await named();
        await registry.addDeployment(platform.id, deploymentId);
        out(`deployment ${deploymentId} added to ${platform.issuer} (client id ${platform.clientId})`);
        return;
      }
      case 'disable-platform':
      case 'enable-platform': {
        const platform = await named();
        const changed = await registry.setEnabled(platform.id, command === 'enable-platform');
        out(`${changed.issuer} (client id ${changed.clientId}): ${state(changed)}`);
        return;
      }
      case 'rotate-key': {
        const { graceHours } = parseInput(LtiRotationSchema, {
          graceHours: options('grace-hours')[0] === undefined ? undefined : Number(options('grace-hours')[0]),
        });
        const { kid } = await registry.rotateKey(graceHours);
        out(`new signing key: ${kid}`);
        out(`the previous key stays published for ${graceHours} hours`);
        return;
      }
      case 'list-platforms': {
        const platforms = await registry.list();
        if (platforms.length === 0) out('no LTI 1.3 platforms');
        for (const p of platforms)
          out(
            [
              p.issuer,
              p.clientId,
              p.name,
              p.allowedOrigins.join(' ') || '(no origins)',
              `deployments: ${p.deployments.join(' ') || '(none)'}`,
              state(p),
            ].join('\t'),
          );
        return;
      }
    }
  });
}
