import type { ChildProcess } from 'node:child_process';
import readline from 'node:readline';

/** What a Kib started as a child process says of itself. */
export interface ListeningKib {
  /** The address it listens at, from its "Kib is listening" log line. */
  url: string;
  /** Everything it has written so far (its JSON log lines and its standard error). */
  output: () => string;
}

/**
 * Waits for a Kib started as a child process (its standard output and error piped) to log that it
 * listens; rejects, with what it wrote, when it exits first or after `timeoutMs`. Its output goes on
 * being collected after that.
 */
export function listeningKib(child: ChildProcess, timeoutMs: number): Promise<ListeningKib> {
  let output = '';
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  return new Promise<ListeningKib>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no start within ${timeoutMs / 1000} s\n${output}`)),
      timeoutMs,
    );
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      output += `${line}\n`;
      try {
        const entry = JSON.parse(line) as { msg?: string; listening?: string };
        if (entry.msg === 'Kib is listening' && entry.listening) {
          clearTimeout(timer);
          resolve({ url: `http://${entry.listening}`, output: () => output });
        }
      } catch {
        /* not a log line */
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Kib exited with ${code}\n${output}`));
    });
  });
}
