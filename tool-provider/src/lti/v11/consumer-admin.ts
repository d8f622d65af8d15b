import {
  AddLtiConsumerSchema,
  LTI_DEFAULT_GRACE_HOURS,
  LtiConsumerKeySchema,
  LtiRotationSchema,
  type LtiConsumerRegistration,
} from '@kib/core';
import { cliArgs, parseInput, runAdminCommand, type CliOutput } from '../shared/admin-cli';
import type { LtiRepository } from '../shared/lti.repository';
import { ConsumerRegistry, toolUrls } from '../shared/lti-registrations.service';

/** The LTI 1.1 commands of `npm run lti`. */
export const CONSUMER_COMMANDS = [
  'add-consumer',
  'rotate-secret',
  'disable-consumer',
  'enable-consumer',
  'list',
] as const;

/** How the LTI 1.1 commands are written. */
export const CONSUMER_USAGE = `usage:
  npm run lti -- add-consumer <key> <name> [--origin https://moodle.example]...
  npm run lti -- rotate-secret <key> [--grace-hours ${LTI_DEFAULT_GRACE_HOURS}]
  npm run lti -- disable-consumer <key>
  npm run lti -- enable-consumer <key>
  npm run lti -- list`;

const state = (c: LtiConsumerRegistration) => (c.disabledAt ? `disabled since ${c.disabledAt}` : 'enabled');

/**
 * The `npm run lti` commands on LTI 1.1 consumers, over the same {@link ConsumerRegistry} as the
 * platform admin's API: register one (its secret is printed once and never again), rotate a secret
 * (the old one keeps working for a grace period), disable or enable one, list them (without
 * secrets). Answers the exit code; prints through `out` and `err`.
 */
export async function runConsumerCommand(
  argv: readonly string[],
  deps: CliOutput & { repo: LtiRepository; now?: () => Date; publicUrl?: string },
): Promise<number> {
  const { out, err } = deps;
  const registry = new ConsumerRegistry({ repo: deps.repo, now: deps.now });
  const [command, ...rest] = argv;
  const { positional, options } = cliArgs(rest);
  const key = () => parseInput(LtiConsumerKeySchema, positional[0]);
  if (!isConsumerCommand(command)) {
    err(CONSUMER_USAGE);
    return 2;
  }

  return runAdminCommand(CONSUMER_USAGE, deps, async () => {
    switch (command) {
      case 'add-consumer': {
        const [consumerKey, ...nameParts] = positional;
        const input = parseInput(AddLtiConsumerSchema, {
          consumerKey,
          name: nameParts.join(' '),
          allowedOrigins: options('origin'),
        });
        const { consumer, secret } = await registry.add(input);
        if (consumer.allowedOrigins.length === 0)
          err('warning: no --origin: the LMS will not be able to show Kib in a frame');
        out(`consumer key:    ${consumer.consumerKey}`);
        out(`shared secret:   ${secret}`);
        out(`allowed origins: ${consumer.allowedOrigins.join(' ') || '(none)'}`);
        if (deps.publicUrl) out(`tool URL:        ${toolUrls(deps.publicUrl, 'closed').lti11LaunchUrl}`);
        out('The secret is shown only now: copy it into the LMS.');
        return;
      }
      case 'rotate-secret': {
        const consumerKey = key();
        const { graceHours } = parseInput(LtiRotationSchema, {
          graceHours: options('grace-hours')[0] === undefined ? undefined : Number(options('grace-hours')[0]),
        });
        const { consumer, secret } = await registry.rotateSecret(consumerKey, graceHours);
        out(`consumer key:    ${consumer.consumerKey}`);
        out(`new secret:      ${secret}`);
        out(
          consumer.previousSecretUntil
            ? `the old secret works until ${consumer.previousSecretUntil}`
            : 'the old secret no longer works',
        );
        return;
      }
      case 'disable-consumer':
      case 'enable-consumer': {
        const consumer = await registry.setEnabled(key(), command === 'enable-consumer');
        out(`${consumer.consumerKey}: ${state(consumer)}`);
        return;
      }
      case 'list': {
        const consumers = await registry.list();
        if (consumers.length === 0) out('no LTI 1.1 consumers');
        for (const c of consumers) {
          const rotation = c.previousSecretUntil ? `, old secret until ${c.previousSecretUntil}` : '';
          out(
            `${c.consumerKey}\t${c.name}\t${c.allowedOrigins.join(' ') || '(no origins)'}\t${state(c)}${rotation}`,
          );
        }
        return;
      }
    }
  });
}

/** Is this one of the LTI 1.1 commands? */
export function isConsumerCommand(
  command: string | undefined,
): command is (typeof CONSUMER_COMMANDS)[number] {
  return (CONSUMER_COMMANDS as readonly (string | undefined)[]).includes(command);
}
