import { pino, type Logger as PinoLogger } from 'pino';

/** The structured logger of the tool provider (pino). */
export type Logger = PinoLogger;

/** Creates the process logger; pretty-printed in development on a terminal. */
export function createLogger(level: string, env: string): Logger {
  const pretty = env === 'development' && process.stdout.isTTY;
  return pino({
    level,
    base: undefined,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'password', '*.password'],
    ...(pretty ? { transport: { target: 'pino-pretty', options: { colorize: true } } } : {}),
  });
}
