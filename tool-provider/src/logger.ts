import { createRequire } from 'node:module';
import { pino, type Logger as PinoLogger } from 'pino';

/** The structured logger of the tool provider (pino). */
export type Logger = PinoLogger;

/**
 * Whether pino-pretty is installed: a development dependency, there wherever Kib is developed and
 * absent from a production install (`npm ci --omit=dev`), where the log stays JSON lines.
 */
function prettyInstalled(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

/** Creates the process logger; pretty-printed in development on a terminal, when pino-pretty is installed. */
export function createLogger(level: string, env: string): Logger {
  const pretty = env === 'development' && process.stdout.isTTY && prettyInstalled();
  return pino({
    level,
    base: undefined,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'password', '*.password'],
    ...(pretty ? { transport: { target: 'pino-pretty', options: { colorize: true } } } : {}),
  });
}
