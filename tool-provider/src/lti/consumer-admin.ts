import crypto from 'node:crypto';
import type { LtiRepository } from './lti.repository';
import { normaliseOriginPattern } from './origins';

/** How long an old secret still verifies launches after `rotate-secret`, unless told otherwise. */
export const DEFAULT_ROTATION_GRACE_HOURS = 72;

const USAGE = `usage:
  npm run lti -- add-consumer <key> <name> [--origin https://moodle.example]...
  npm run lti -- rotate-secret <key> [--grace-hours ${DEFAULT_ROTATION_GRACE_HOURS}]
  npm run lti -- list`;

/** A new consumer secret: 192 random bits, URL-safe. */
export function newConsumerSecret(): string {
  return crypto.randomBytes(24).toString('base64url');
}

/**
 * The `npm run lti` admin commands on LTI 1.1 consumers: register one (its secret is printed once
 * and never again), rotate a secret (the old one keeps working for a grace period), list them
 * (without secrets). Answers the exit code; prints through `out` and `err`.
 */
export async function runConsumerCommand(
  argv: readonly string[],
  deps: {
    repo: LtiRepository;
    out: (line: string) => void;
    err: (line: string) => void;
    now?: () => Date;
    publicUrl?: string;
  },
): Promise<number> {
  const { repo, out, err } = deps;
  const now = deps.now?.() ?? new Date();
  const [command, ...rest] = argv;
  const positional = rest.filter((a, i) => !a.startsWith('--') && !rest[i - 1]?.startsWith('--'));
  const options = (name: string) =>
    rest.flatMap((a, i) => (a === `--${name}` && rest[i + 1] ? [rest[i + 1]!] : []));

  switch (command) {
    case 'add-consumer': {
      const [key, ...nameParts] = positional;
      const name = nameParts.join(' ').trim();
      if (!key || !/^[\x21-\x7e]{1,255}$/.test(key) || !name) {
        err(USAGE);
        return 2;
      }
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
      const secret = newConsumerSecret();
      if (!(await repo.addConsumer({ consumerKey: key, name, secret, allowedOrigins: origins }))) {
        err(`a consumer with the key ${key} exists already`);
        return 1;
      }
      out(`consumer key:    ${key}`);
      out(`shared secret:   ${secret}`);
      out(`allowed origins: ${origins.join(' ') || '(none)'}`);
      if (deps.publicUrl) out(`tool URL:        ${deps.publicUrl}/lti/1.1/launch`);
      out('The secret is shown only now: copy it into the LMS.');
      return 0;
    }
    case 'rotate-secret': {
      const [key] = positional;
      const graceRaw = options('grace-hours')[0] ?? String(DEFAULT_ROTATION_GRACE_HOURS);
      const graceHours = Number(graceRaw);
      if (!key || !Number.isFinite(graceHours) || graceHours < 0 || graceHours > 24 * 90) {
        err(USAGE);
        return 2;
      }
      const secret = newConsumerSecret();
      const graceUntil = new Date(now.getTime() + graceHours * 3600 * 1000);
      if (!(await repo.rotateSecret(key, secret, graceUntil))) {
        err(`no consumer with the key ${key}`);
        return 1;
      }
      out(`consumer key:    ${key}`);
      out(`new secret:      ${secret}`);
      out(`the old secret works until ${graceUntil.toISOString()}`);
      return 0;
    }
    case 'list': {
      const consumers = await repo.listConsumers();
      if (consumers.length === 0) out('no LTI 1.1 consumers');
      for (const c of consumers) {
        const rotation =
          c.previousSecretUntil && c.previousSecretUntil > now
            ? `, old secret until ${c.previousSecretUntil.toISOString()}`
            : '';
        out(`${c.consumerKey}\t${c.name}\t${c.allowedOrigins.join(' ') || '(no origins)'}${rotation}`);
      }
      return 0;
    }
    default:
      err(USAGE);
      return 2;
  }
}
