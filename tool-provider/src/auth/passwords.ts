import argon2 from 'argon2';

/**
 * argon2id with the OWASP-recommended minimum (19 MiB, 2 passes, 1 lane): about 30 ms a hash on the
 * development machines, cheap enough for a login burst, costly enough for an offline attacker.
 */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password with argon2id; the result embeds salt and parameters. */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

/** True when `password` matches the stored argon2 hash; false for any malformed hash. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** True when a stored hash was made with weaker parameters than today's and should be replaced. */
export function needsRehash(hash: string): boolean {
  return argon2.needsRehash(hash, OPTIONS);
}

let equaliser: Promise<string> | undefined;
/**
 * A hash of a password nobody types: checking a guess against it costs what a real check costs, so
 * unknown e-mails take as long to refuse as wrong passwords.
 */
export function equaliserHash(): Promise<string> {
  equaliser ??= hashPassword('kib-timing-equaliser');
  return equaliser;
}
